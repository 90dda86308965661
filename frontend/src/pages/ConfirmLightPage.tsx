import { useNavigate, useSearchParams } from "react-router";
import { confirmLight } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { useSession } from "../stores/session";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** `/join/light/confirm?code=…`, the e-mailed link. Using the code is a write, so it waits
 * for the visitor's click: a mail scanner that opens the link does not use it up. */
export default function ConfirmLightPage() {
  usePageMeta("Finish signing in", "Use your one-time sign-in link.");
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  const navigate = useNavigate();
  const refresh = useSession((s) => s.refresh);
  const { busy, error, submit: confirm } = useSubmit(async () => {
    const answer = await confirmLight(code);
    refresh();
    navigate(answer.ref ?? "/");
  });

  return (
    <div className="form-page">
      <h1>Finish signing in</h1>
      <div className="form-card">
        {code ? (
          <>
            <p>Press the button to sign in with your link.</p>
            <FormError error={error} />
            <button type="button" className="button" onClick={() => void confirm()} disabled={busy}>
              {busy ? "Signing in…" : "Sign in"}
            </button>
          </>
        ) : (
          <p className="form-error" role="alert">
            This address has no sign-in code. Open the link from your e-mail again.
          </p>
        )}
      </div>
    </div>
  );
}
