// The caller's inputs, read once, as bytes. A string is its UTF-8 encoding
// (TextEncoder's: a lone surrogate becomes U+FFFD); a Uint8Array (Node's
// Buffer included) or any other ArrayBufferView or ArrayBuffer is taken as
// the bytes it views.
//
// Every entry point reads all of its arguments with readInput / readList
// before it writes anything into the module (stage.js) or calls it: reading
// may run the caller's code (an iterator, a Proxy, an array's getter), and
// code that calls the package while a call is half staged would overwrite
// what was staged. A read input is a primitive string or an array of bytes
// (Uint8Array, a subclass such as Buffer, or Uint8ClampedArray) whose
// length is read with lengthOf, never through the `length` a subclass or an
// instance may redefine; copying it (`view.set(bytes)`) reads the engine's
// own slots. So nothing after the read runs the caller's code.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The engine's getters, taken once, before any caller's code has run, as
// functions of the object (`getter(proto, 'length')(value)`).
const callOf = Function.prototype.call.bind(Function.prototype.call);
const getter = (proto, name) => {
  const get = Object.getOwnPropertyDescriptor(proto, name).get;
  return (value) => callOf(get, value);
};
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
/** A typed array's element type ('Uint8Array', ...); undefined for anything else. */
const typedName = getter(TypedArrayPrototype, Symbol.toStringTag);
const typedBuffer = getter(TypedArrayPrototype, 'buffer');
const typedOffset = getter(TypedArrayPrototype, 'byteOffset');
const typedLength = getter(TypedArrayPrototype, 'byteLength');
const viewBuffer = getter(DataView.prototype, 'buffer');
const viewOffset = getter(DataView.prototype, 'byteOffset');
const viewLength = getter(DataView.prototype, 'byteLength');
const bufferLength = getter(ArrayBuffer.prototype, 'byteLength');
const isArrayBuffer = (value) => {
  // Throws for anything but an ArrayBuffer (a SharedArrayBuffer included).
  try {
    bufferLength(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * One input as a primitive string or an array of bytes; `what` names it in
 * errors. Runs none of the caller's code for a string or binary input.
 */
export function readInput(value, what) {
  // Small enough for the engine to inline where strings are the rule.
  return typeof value === 'string' ? value : readBinary(value, what);
}

function readBinary(value, what) {
  if (ArrayBuffer.isView(value)) {
    const name = typedName(value);
    // Bytes already: used as they are (no copy on the hot path).
    if (name === 'Uint8Array' || name === 'Uint8ClampedArray') return value;
    if (name !== undefined) return new Uint8Array(typedBuffer(value), typedOffset(value), typedLength(value));
    return new Uint8Array(viewBuffer(value), viewOffset(value), viewLength(value));
  }
  if (isArrayBuffer(value)) return new Uint8Array(value, 0, bufferLength(value));
  throw new TypeError(`robotstxt-exact: ${what} must be a string or a Uint8Array, not ${describe(value)}`);
}

/** The number of bytes of an array of bytes from readInput. */
export const lengthOf = typedLength;

/** A read array of bytes as a plain Uint8Array, for glue that reads `length`. */
function plain(bytes) {
  return new Uint8Array(typedBuffer(bytes), typedOffset(bytes), typedLength(bytes));
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/** Whether a value is one input (not a list of them). */
export function isSingle(value) {
  return typeof value === 'string' || ArrayBuffer.isView(value) || isArrayBuffer(value);
}

/**
 * A list of inputs, read once each: an array (each index read once; a hole
 * is an item that is not an input), or any other iterable that is not a
 * single input. A TypeError otherwise, or for an item that is not an input.
 */
export function readList(items, what) {
  if (!Array.isArray(items)) {
    if (items == null || isSingle(items) || typeof items[Symbol.iterator] !== 'function') {
      throw new TypeError(`robotstxt-exact: ${what} must be an array`);
    }
    items = Array.from(items);
  }
  const n = items.length;
  // Filled in order, so that the engine keeps it a packed array (join and
  // map are slower on one with holes).
  const out = [];
  for (let i = 0; i < n; i++) {
    const item = items[i];
    out.push(typeof item === 'string' ? item : readBinary(item, `item ${i} of ${what}`));
  }
  return out;
}

/** The agents of a query: one agent, or a list of them. */
export function readAgents(agents) {
  return isSingle(agents) ? [readInput(agents, 'a user agent')] : readList(agents, 'the user agents');
}

/** The bytes of a read input (an array of bytes, as read). */
export function bytesOf(input) {
  return typeof input === 'string' ? encoder.encode(input) : input;
}

/** The bytes of a string or binary input, read once; `what` names it in errors. */
export function toBytes(value, what) {
  return bytesOf(readInput(value, what));
}

/** The largest single allocation the module can make (wasm32's isize::MAX). */
const MAX_ALLOCATION = 2 ** 31 - 1;

/** The Error for running out of the module's memory while doing `what`. */
export function outOfMemory(what) {
  return new Error(`robotstxt-exact: out of WebAssembly memory while ${what}`);
}

/** Whether `error` is the package's out-of-memory Error (from here or the module). */
export function isOutOfMemory(error) {
  return error instanceof Error && error.message.startsWith('robotstxt-exact: out of WebAssembly memory');
}

/**
 * The bytes of an input passed to the module as an argument of its own
 * (wasm-bindgen copies it; only bodies and URLs are staged): one larger than
 * an allocation can be is an Error here, where wasm-bindgen would trap.
 */
export function toArgument(value, what) {
  const input = readInput(value, what);
  if (typeof input === 'string') {
    const bytes = encoder.encode(input);
    if (bytes.length > MAX_ALLOCATION) throw outOfMemory(`copying ${what}`);
    return bytes;
  }
  if (lengthOf(input) > MAX_ALLOCATION) throw outOfMemory(`copying ${what}`);
  return plain(input);
}

/**
 * Read inputs as the module takes a list that it copies (not staged): the
 * items' bytes one after the other, and the end offset of each item.
 */
export function packInputs(inputs, what) {
  const n = inputs.length;
  let room = 0;
  for (let i = 0; i < n; i++) {
    const item = inputs[i];
    room += typeof item === 'string' ? 3 * item.length : lengthOf(item);
  }
  // Past one allocation (a string counted at 3 bytes a unit) wasm-bindgen
  // would trap.
  if (room > MAX_ALLOCATION) throw outOfMemory(`copying ${what}`);
  const bytes = new Uint8Array(room);
  const ends = new Uint32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const item = inputs[i];
    if (typeof item === 'string') {
      at = writeString(item, bytes, at);
    } else {
      bytes.set(item, at);
      at += lengthOf(item);
    }
    ends[i] = at;
  }
  return [bytes.subarray(0, at), ends];
}

/** `packInputs` of a list read from `items`. */
export function packList(items, what) {
  return packInputs(readList(items, what), what);
}

/** The agents of a query (one, or a list), packed. */
export function packAgents(agents) {
  return packInputs(readAgents(agents), 'the user agents');
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

/** Bytes from the module as a string (invalid UTF-8 as U+FFFD). */
export function toText(bytes) {
  return decoder.decode(bytes);
}
