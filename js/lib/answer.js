// The answer to a query, unpacked from the number the module returns: the
// matching line times 8, plus a bit each for allowed, a group naming one of
// the agents, and the agents' own groups alone disallowing the URL (the
// layout is ANSWER, see vocabulary.js and js/src/answer.rs).

import { ANSWER } from './vocabulary.js';

/** @returns {import('./index.js').Answer} */
export function unpack(n) {
  return {
    allowed: (n & ANSWER.allowed) !== 0,
    matchingLine: Math.floor(n / ANSWER.lineFactor),
    everSeenSpecificAgent: (n & ANSWER.everSeenSpecificAgent) !== 0,
    disallowIgnoreGlobal: (n & ANSWER.disallowIgnoreGlobal) !== 0,
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
