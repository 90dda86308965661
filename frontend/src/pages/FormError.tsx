/** A form's error line, announced when it appears. */
export function FormError({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error.message}
    </p>
  );
}
