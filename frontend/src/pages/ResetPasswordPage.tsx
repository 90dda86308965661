import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPassword } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { PasswordInput } from "../components/ui";
import { useSession } from "../stores/session";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** `/sign-in/reset?token=…`, the e-mailed link: a new password. Using the link is the
 * form's POST, so a mail scanner that opens it uses nothing up. */
export default function ResetPasswordPage() {
  usePageMeta("Set a new password", "Choose a new password with the link we sent you.");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const refresh = useSession((s) => s.refresh);
  const [password, setPassword] = useState("");
  const { busy, error, submit } = useSubmit(async () => {
    await resetPassword(token, password);
    refresh();
    navigate("/home/settings/account");
  });

  return (
    <div className="form-page">
      <h1>Set a new password</h1>
      {token ? (
        <form className="form-card" onSubmit={submit} noValidate>
          <p>Setting a new password signs you out on every other device.</p>
          <div className="form-field">
            <label htmlFor="reset-password">New password</label>
            <PasswordInput id="reset-password" autoComplete="new-password" value={password} onChange={setPassword} invalid={error?.field === "password"} />
            <p className="form-note">At least 8 characters.</p>
          </div>
          <FormError error={error} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Saving…" : "Set my password"}
          </button>
          {error?.field === "token" && (
            <p className="form-note">
              <Link to="/sign-in/forgot">Ask for a new link</Link>
            </p>
          )}
        </form>
      ) : (
        <div className="form-card">
          <p className="form-error" role="alert">
            This address has no link in it. Open the link from your e-mail again, or <Link to="/sign-in/forgot">ask for a new one</Link>.
          </p>
        </div>
      )}
    </div>
  );
}
