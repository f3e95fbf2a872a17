// The answer to a query, unpacked from the number the module returns: the
// matching line times 8, plus 4 if allowed, 2 if a group names one of the
// agents, 1 if the agents' own groups alone disallow the URL (js/src/answer.rs).

/** @returns {import('./index.js').Answer} */
export function unpack(n) {
  return {
    allowed: (n & 4) !== 0,
    matchingLine: Math.floor(n / 8),
    everSeenSpecificAgent: (n & 2) !== 0,
    disallowIgnoreGlobal: (n & 1) !== 0,
  };
}

export function unpackAll(packed) {
  const out = new Array(packed.length);
  for (let i = 0; i < packed.length; i++) out[i] = unpack(packed[i]);
  return out;
}

export function booleans(bits) {
  const out = new Array(bits.length);
  for (let i = 0; i < bits.length; i++) out[i] = bits[i] !== 0;
  return out;
}
