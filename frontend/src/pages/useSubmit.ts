import { useState, type FormEvent } from "react";
import { formError } from "./formErrors";

/** A form's submit: ignores a submit while one is in flight (community §5), keeps the
 * busy flag and turns a failure into the message and field to show. */
export function useSubmit(action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(formError(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}
