// Inputs as bytes. A string is its UTF-8 encoding (TextEncoder's: a lone
// surrogate becomes U+FFFD); a Uint8Array (Node's Buffer included) or any
// other ArrayBufferView or ArrayBuffer is taken as the bytes it views.

import { memory, stage_agent, stage_reserve, stage_shrink } from './wasm.js';

const encoder = new TextEncoder();

/** The bytes of a string or binary input; `what` names it in errors. */
export function toBytes(value, what) {
  if (typeof value === 'string') return encoder.encode(value);
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new TypeError(`robotstxt-exact: ${what} must be a string or a Uint8Array, not ${describe(value)}`);
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/** The largest single allocation the module can make (wasm32's isize::MAX). */
const MAX_ALLOCATION = 2 ** 31 - 1;

/**
 * The bytes of an input passed to the module as an argument of its own
 * (wasm-bindgen copies it; only bodies and URLs are staged): one larger than
 * an allocation can be is an Error here, where wasm-bindgen would trap.
 */
export function toArgument(value, what) {
  const bytes = toBytes(value, what);
  if (bytes.length > MAX_ALLOCATION) throw outOfMemory(`copying ${what}`);
  return bytes;
}

/** Whether a value is one input (not a list of them). */
export function isSingle(value) {
  return typeof value === 'string' || ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

/**
 * `items` as an array: an array itself, any other iterable that is not a
 * single input (a string or bytes) copied into one; a TypeError otherwise.
 */
function asArray(items, what) {
  if (Array.isArray(items)) return items;
  if (items != null && typeof items[Symbol.iterator] === 'function' && !isSingle(items)) {
    return Array.from(items);
  }
  throw new TypeError(`robotstxt-exact: ${what} must be an array`);
}

/**
 * A list of inputs as the module takes it: the items' bytes one after the
 * other, and the end offset of each item.
 */
export function packList(items, what) {
  items = asArray(items, what);
  const n = items.length;
  let room = 0;
  for (let i = 0; i < n; i++) {
    const item = items[i];
    room += typeof item === 'string' ? 3 * item.length : toBytes(item, what).length;
  }
  // The module copies the list itself (it is not staged): past one
  // allocation (a string counted at 3 bytes a unit) wasm-bindgen would trap.
  if (room > MAX_ALLOCATION) throw outOfMemory(`copying ${what}`);
  const bytes = new Uint8Array(room);
  const ends = new Uint32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (typeof item === 'string') {
      at = writeString(item, bytes, at);
    } else {
      const b = toBytes(item, what);
      bytes.set(b, at);
      at += b.length;
    }
    ends[i] = at;
  }
  return [bytes.subarray(0, at), ends];
}

// ASCII, the usual case for URLs and agents, is copied char by char;
// anything else goes through TextEncoder from the first non-ASCII char.
function writeString(s, bytes, at) {
  const n = s.length;
  for (let j = 0; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c > 0x7f) {
      return at + encoder.encodeInto(j === 0 ? s : s.slice(j), bytes.subarray(at)).written;
    }
    bytes[at++] = c;
  }
  return at;
}

/** A list of agents: one agent, or an array of them. */
export function packAgents(agents) {
  return isSingle(agents) ? packList([agents], 'a user agent') : packList(agents, 'the user agents');
}

const decoder = new TextDecoder();

/** Bytes from the module as a string (invalid UTF-8 as U+FFFD). */
export function toText(bytes) {
  return decoder.decode(bytes);
}

// --- The staging area (js/src/stage.rs) ----------------------------------------
//
// The hot calls take their URL from a buffer inside the module that
// TextEncoder.encodeInto writes into directly, instead of wasm-bindgen's
// allocate-copy-free per argument. The view over it is rebuilt when the
// module's memory grows (growing detaches the old ArrayBuffer) or the stage
// must grow.

let stagePtr = 0;
let stageCap = 0;
let stageView = null;

/** Strings longer than this are encoded exactly first, not into 3x room. */
const LONG = 1 << 20;

/** A stage grown past this is given back after the call that needed it. */
const KEEP = 1 << 20;

function stage(need) {
  if (need > stageCap) {
    const ptr = stage_reserve(need);
    if (ptr === 0) throw outOfMemory('staging an argument');
    stagePtr = ptr;
    stageCap = need;
    stageView = null;
  }
  if (stageView === null || stageView.byteLength === 0) {
    stageView = new Uint8Array(memory.buffer, stagePtr, stageCap);
  }
  return stageView;
}

/** The Error for running out of the module's memory while doing `what`. */
export function outOfMemory(what) {
  return new Error(`robotstxt-exact: out of WebAssembly memory while ${what}`);
}

/**
 * Calls `fn(length)` with `value` staged; a stage grown past KEEP bytes for
 * it (a large body) is shrunk back afterwards, so one large input does not
 * hold the module's memory for good.
 */
export function withStaged(value, what, fn) {
  const len = stageInput(value, what);
  try {
    return fn(len);
  } finally {
    if (stageCap > KEEP) {
      stagePtr = stage_shrink(KEEP);
      stageCap = KEEP;
      stageView = null;
    }
  }
}

/** Writes one input at the start of the stage; returns its length in bytes. */
export function stageInput(value, what) {
  if (typeof value === 'string' && value.length <= LONG) {
    return encoder.encodeInto(value, stage(3 * value.length)).written;
  }
  const bytes = toBytes(value, what);
  stage(bytes.length).set(bytes);
  return bytes.length;
}

let stagedAgent;

/**
 * Makes `agent` the agent of the staged queries. A string agent is staged
 * once and kept while the same string comes back.
 */
export function useAgent(agent) {
  if (typeof agent === 'string' && agent === stagedAgent) return;
  stagedAgent = undefined;
  if (!stage_agent(stageInput(agent, 'the user agent'))) throw outOfMemory('staging the user agent');
  if (typeof agent === 'string') stagedAgent = agent;
}

/**
 * Writes a list of inputs into the stage: [total bytes, lengths, utf16].
 * An array of strings is joined and encoded at once, and its lengths are
 * the strings' (UTF-16) lengths, which the module turns into byte offsets;
 * otherwise each item is written in turn with its length in bytes.
 */
export function stageList(items, what) {
  items = asArray(items, what);
  const n = items.length;
  const lens = new Uint32Array(n);
  let strings = true;
  let units = 0;
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (typeof item !== 'string') {
      strings = false;
      break;
    }
    lens[i] = item.length;
    units += item.length;
  }
  if (strings && units <= LONG) {
    const written = encoder.encodeInto(items.join(''), stage(3 * units)).written;
    return [written, lens, true];
  }
  const parts = items.map((item) => toBytes(item, what));
  let total = 0;
  for (let i = 0; i < n; i++) {
    lens[i] = parts[i].length;
    total += parts[i].length;
  }
  const view = stage(total);
  let at = 0;
  for (const part of parts) {
    view.set(part, at);
    at += part.length;
  }
  return [total, lens, false];
}
