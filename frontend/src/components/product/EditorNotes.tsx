import { useId, useState } from "react";
import "./product.css";
import { useViewportWidth } from "../ui/useViewportWidth";
import { editorNoteCharLimit, truncateChars } from "../../rules/truncation";

/** The editor's notes, cut to the width's character limit with Show more / Show less. */
export function EditorNotes({ text }: { text: string }) {
  const width = useViewportWidth();
  const [open, setOpen] = useState(false);
  const id = useId();
  const cut = truncateChars(text, editorNoteCharLimit(width));
  return (
    <div className="editor-notes">
      <h3>Editor’s notes</h3>
      <p id={id}>{open || !cut.cut ? text : `${cut.text}…`}</p>
      {cut.cut && (
        <button type="button" className="button button--link" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? "Show less" : "Show more"}
        </button>
      )}
    </div>
  );
}
