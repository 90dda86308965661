/** The line that says where sample questions and answers come from and their licence,
 * shown wherever they appear (the server sends it with them). */
export function Attribution({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className="qna-attribution">
      <small>{text}</small>
    </p>
  );
}
