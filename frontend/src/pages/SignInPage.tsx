import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { signIn } from "../api/client";
import { usePageMeta } from "../app/usePageMeta";
import { PasswordInput } from "../components/ui";
import { useSession } from "../stores/session";
import { FormError } from "./FormError";
import { useSubmit } from "./useSubmit";
import "./forms.css";

/** `/sign-in`: e-mail and password. */
export default function SignInPage() {
  usePageMeta("Sign in", "Sign in to your Plainrate account.");
  const navigate = useNavigate();
  const refresh = useSession((s) => s.refresh);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, submit } = useSubmit(async () => {
    await signIn({ email, password });
    refresh();
    navigate("/");
  });

  return (
    <div className="form-page">
      <h1>Sign in</h1>
      <form className="form-card" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor="signin-email">E-mail</label>
          <input id="signin-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error?.field === "email"} />
        </div>
        <div className="form-field">
          <label htmlFor="signin-password">Password</label>
          <PasswordInput id="signin-password" autoComplete="current-password" value={password} onChange={setPassword} invalid={error?.field === "password"} />
        </div>
        <FormError error={error} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        <p className="form-note">
          <Link to="/sign-in/forgot">Forgot your password?</Link>
        </p>
        <p className="form-note">
          New here? <Link to="/join">Join for free</Link> · No password? <Link to="/join/light">Get a sign-in link</Link>
        </p>
      </form>
    </div>
  );
}
