// The staging area (js/src/stage.rs). The hot calls take their body or URL
// from a buffer inside the module that TextEncoder.encodeInto writes into
// directly, instead of wasm-bindgen's allocate-copy-free per argument; the
// agent of the one-agent queries is copied out of it once and kept while
// the same agent comes back.
//
// What is staged is a read input (bytes.js): the caller's code has run
// before anything is written here, so nothing between the write and the
// module's call can stage something else over it.

import { memory, stage_agent, stage_reserve, stage_shrink } from './wasm.js';
import { bytesOf, lengthOf, outOfMemory, readInput } from './bytes.js';

/** Strings longer than this are encoded exactly first, not into 3x room. */
const LONG = 1 << 20;

/** A stage grown past this is given back after the call that needed it. */
const KEEP = 1 << 20;

const encoder = new TextEncoder();

/**
 * The module's stage as JavaScript sees it: its address and size, and a
 * view over it, rebuilt when the stage moves or the module's memory grows
 * (growing detaches the old ArrayBuffer).
 */
class Stage {
  #ptr = 0;
  #cap = 0;
  #view = null;
  /** The string agent the module holds, or undefined. */
  #agent = undefined;

  /** A view of the stage, at least `need` bytes long. */
  #room(need) {
    if (need > this.#cap) {
      const ptr = stage_reserve(need);
      if (ptr === 0) throw outOfMemory('staging an argument');
      this.#ptr = ptr;
      this.#cap = need;
      this.#view = null;
    }
    if (this.#view === null || this.#view.byteLength === 0) {
      this.#view = new Uint8Array(memory.buffer, this.#ptr, this.#cap);
    }
    return this.#view;
  }

  /** Writes a read input at the start of the stage; returns its length in bytes. */
  write(input) {
    if (typeof input === 'string' && input.length <= LONG) {
      return encoder.encodeInto(input, this.#room(3 * input.length)).written;
    }
    const bytes = bytesOf(input);
    const len = lengthOf(bytes);
    this.#room(len).set(bytes);
    return len;
  }

  /**
   * Writes read inputs one after the other: [total bytes, lengths, utf16].
   * Strings are joined and encoded at once, and their lengths are the
   * strings' (UTF-16) lengths, which the module turns into byte offsets;
   * otherwise each item is written in turn with its length in bytes.
   */
  writeList(inputs) {
    const n = inputs.length;
    const lens = new Uint32Array(n);
    let units = 0;
    let strings = true;
    for (let i = 0; i < n && strings; i++) {
      const item = inputs[i];
      // Joined, an item ending in a high surrogate would pair with a low
      // one starting the next: each is a lone surrogate (U+FFFD) alone.
      const last = typeof item === 'string' && item.length > 0 ? item.charCodeAt(item.length - 1) : 0;
      strings = typeof item === 'string' && (last < 0xd800 || last > 0xdbff);
      if (strings) {
        lens[i] = item.length;
        units += item.length;
      }
    }
    if (strings && units <= LONG) {
      return [encoder.encodeInto(inputs.join(''), this.#room(3 * units)).written, lens, true];
    }
    const parts = inputs.map(bytesOf);
    let total = 0;
    for (let i = 0; i < n; i++) {
      lens[i] = lengthOf(parts[i]);
      total += lens[i];
    }
    const view = this.#room(total);
    let at = 0;
    for (let i = 0; i < n; i++) {
      view.set(parts[i], at);
      at += lens[i];
    }
    return [total, lens, false];
  }

  /** Makes a read input the agent of the staged one-agent queries. */
  useAgent(agent) {
    if (typeof agent === 'string' && agent === this.#agent) return;
    this.#agent = undefined;
    if (!stage_agent(this.write(agent))) throw outOfMemory('staging the user agent');
    if (typeof agent === 'string') this.#agent = agent;
  }

  /** Gives back a stage grown past KEEP bytes (after a large body). */
  shrink() {
    if (this.#cap > KEEP) {
      this.#ptr = stage_shrink(KEEP);
      this.#cap = KEEP;
      this.#view = null;
    }
  }
}

/** The one stage: the module has one, and one thread. */
const stage = new Stage();

/** Writes a read input into the stage; returns its length in bytes. */
export function stageInput(input) {
  return stage.write(input);
}

/** Writes a list of read inputs into the stage (see Stage.writeList). */
export function stageList(inputs) {
  return stage.writeList(inputs);
}

/** Makes a read input the agent of the staged one-agent queries. */
export function useAgent(agent) {
  stage.useAgent(agent);
}

/**
 * Reads `value` (the call's last input to read), stages it and calls
 * `fn(length)`; a stage grown past KEEP bytes for it (a large body) is
 * shrunk back afterwards, so one large input does not hold the module's
 * memory for good.
 */
export function withStaged(value, what, fn) {
  const len = stage.write(readInput(value, what));
  try {
    return fn(len);
  } finally {
    stage.shrink();
  }
}
