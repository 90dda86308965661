import { Link, useLocation } from "react-router";
import { usePageMeta } from "../app/usePageMeta";
import "./ContentPage.css";

/** The helpful 404: what happened and where to go instead. */
export default function NotFoundPage() {
  usePageMeta("Page not found", "This page does not exist. Find credit cards, bank accounts and loans from here.");
  const { pathname } = useLocation();
  return (
    <div className="container not-found">
      <h1>Page not found</h1>
      <p>
        We have no page at <code>{pathname}</code>. It may have moved, or the address may have a typo.
      </p>
      <h2>Try one of these</h2>
      <ul>
        <li><Link to="/">Home</Link></li>
        <li><Link to="/best-credit-cards">Best credit cards</Link></li>
        <li><Link to="/credit-cards/rewards">Rewards credit cards</Link></li>
        <li><Link to="/credit-cards/secured">Secured credit cards</Link></li>
        <li><Link to="/savings-accounts">Savings accounts</Link></li>
        <li><Link to="/checking-accounts">Checking accounts</Link></li>
        <li><Link to="/cd-rates">CD rates</Link></li>
        <li><Link to="/best-personal-loans">Personal loans</Link></li>
        <li><Link to="/banks">Banks</Link></li>
        <li><Link to="/rating-methodologies">How we rate</Link></li>
      </ul>
    </div>
  );
}
