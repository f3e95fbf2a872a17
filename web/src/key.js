// A short fingerprint of what a set of results was computed for. The results
// panel carries it (`data-for`), so anyone reading the page, a test included,
// can tell whether the results on screen belong to the inputs on screen.

/**
 * FNV-1a (32 bits) over the UTF-16 code units of the parts, each part
 * followed by a separator no input can hold. Returns 8 hex digits.
 *
 * @param {string[]} parts
 */
export function inputKey(parts) {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      hash ^= part.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    hash ^= 0xffff;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
