import { useState } from "react";
import { Link } from "react-router";
import { forgotPassword } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** `/sign-in/forgot`: e-mails a link to set a new password. The answer is the same whether
 * or not the address has an account. */
export default function ForgotPasswordPage() {
  usePageMeta("Forgot your password?", "Get a link by e-mail to set a new password.");
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    setSent((await forgotPassword(email)).message);
  });

  return (
    <div className="form-page">
      <h1>Forgot your password?</h1>
      <p className="form-page__lead">Enter the address you signed up with. We e-mail you a link to set a new password; it works once, within 30 minutes.</p>
      <form className="form-card" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor="forgot-email">E-mail</label>
          <input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error?.field === "email"} />
        </div>
        <FormError error={error} />
        {sent && (
          <p className="form-success" role="status">
            {sent}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Sending…" : "Send me a link"}
        </button>
        <p className="form-note">
          Remembered it? <Link to="/sign-in">Sign in</Link>
        </p>
      </form>
    </div>
  );
}
