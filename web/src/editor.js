// The robots.txt editor: CodeMirror 6 with line numbers, lint marks in the
// gutter, a highlighted deciding line and a light robots.txt colouring.
//
// The content element carries the page's test id, so a test fills it as a
// person pastes: CodeMirror's content is a contenteditable element, which
// Playwright's fill() types into like a textarea.

import { EditorState, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  EditorView,
  drawSelection,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, lintKeymap, setDiagnostics } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { tags } from "@lezer/highlight";

/** Marks one line (1-based) as the deciding line; 0 clears the mark. */
const setDecidingLine = StateEffect.define();

const decidingLineMark = Decoration.line({ class: "cm-deciding-line" });

const decidingLine = StateField.define({
  create: () => ({ line: 0, decorations: Decoration.none }),
  update(value, tr) {
    let { line } = value;
    for (const effect of tr.effects) {
      if (effect.is(setDecidingLine)) line = effect.value;
    }
    if (line === value.line && !tr.docChanged) return value;
    // An edit that removes the line removes the mark with it.
    if (line < 1 || line > tr.state.doc.lines) return { line: 0, decorations: Decoration.none };
    const from = tr.state.doc.line(line).from;
    return { line, decorations: Decoration.set([decidingLineMark.range(from)]) };
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

/**
 * Keys, values and comments, as Google's parser splits a line: a key up to
 * `:` (or whitespace, which Google also accepts), then the value, `#` on.
 */
const robotsTxt = StreamLanguage.define({
  name: "robots.txt",
  startState: () => ({ sawKey: false }),
  token(stream, state) {
    if (stream.sol()) state.sawKey = false;
    if (stream.eatSpace()) return null;
    if (stream.peek() === "#") {
      stream.skipToEnd();
      return "comment";
    }
    if (!state.sawKey) {
      state.sawKey = true;
      if (stream.match(/^[^:#\s]+/)) return "keyword";
    }
    if (stream.eat(":")) return "punctuation";
    stream.match(/^[^#]+/) || stream.next();
    return "string";
  },
});

const robotsHighlight = HighlightStyle.define([
  { tag: tags.comment, class: "tok-comment" },
  { tag: tags.keyword, class: "tok-key" },
  { tag: tags.string, class: "tok-value" },
]);

/**
 * Creates an editor in `parent`.
 *
 * @param {HTMLElement} parent
 * @param {object} options
 * @param {string} options.doc the initial text
 * @param {string} options.testId the `data-testid` of the content element
 * @param {string} options.labelledBy the id of the element that names it
 * @param {(view: EditorView) => void} options.onChange called after every edit
 * @param {(file: File) => void} [options.onFileDrop] a file dropped on it
 */
export function createEditor(parent, { doc, testId, labelledBy, onChange, onFileDrop }) {
  const extensions = [
    lineNumbers(),
    lintGutter(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    // Long rules wrap instead of scrolling sideways: readable on a phone.
    EditorView.lineWrapping,
    highlightSelectionMatches(),
    robotsTxt,
    syntaxHighlighting(robotsHighlight),
    decidingLine,
    // Tab is left to the browser, so the keyboard can leave the editor.
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap]),
    EditorView.contentAttributes.of({
      "data-testid": testId,
      "aria-labelledby": labelledBy,
      "aria-multiline": "true",
      spellcheck: "false",
      autocorrect: "off",
      autocapitalize: "off",
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.view);
    }),
  ];
  if (onFileDrop) {
    extensions.push(
      EditorView.domEventHandlers({
        drop(event) {
          const file = event.dataTransfer?.files?.[0];
          if (!file) return false;
          event.preventDefault();
          onFileDrop(file);
          return true;
        },
      }),
    );
  }
  return new EditorView({ parent, state: EditorState.create({ doc, extensions }) });
}

/** Replaces the whole text of `view`. */
export function setText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/**
 * Highlights line `n` (1-based) and scrolls it to the middle of the editor;
 * the cursor moves to its start so that keyboard users land there too.
 */
export function showLine(view, n) {
  if (n < 1 || n > view.state.doc.lines) {
    view.dispatch({ effects: setDecidingLine.of(0) });
    return;
  }
  const line = view.state.doc.line(n);
  view.dispatch({
    selection: { anchor: line.from },
    effects: [setDecidingLine.of(n), EditorView.scrollIntoView(line.from, { y: "center" })],
  });
}

/** The highlighted line, 0 when none. */
export function shownLine(view) {
  return view.state.field(decidingLine).line;
}

/**
 * Puts lint findings in the gutter. `findings` are `{line, severity,
 * message}` for the text the editor holds now (lines past its end are
 * dropped).
 */
export function showFindings(view, findings) {
  const { doc } = view.state;
  const severity = { error: "error", warning: "warning", note: "info" };
  const diagnostics = [];
  for (const f of findings) {
    if (f.line < 1 || f.line > doc.lines) continue;
    const line = doc.line(f.line);
    diagnostics.push({
      from: line.from,
      to: line.to,
      severity: severity[f.severity] ?? "info",
      source: f.code,
      message: f.message,
    });
  }
  view.dispatch(setDiagnostics(view.state, diagnostics));
}
