import { Suspense } from "react";
import { BrowserRouter, matchPath, Route, Routes } from "react-router";
import { Layout } from "./app/Layout";
import { PathPage, preloadPathPage } from "./app/PathPage";
import { preloadable } from "./app/preloadable";

// Each page is its own chunk: a route loads only its own code.
const HomePage = preloadable(() => import("./pages/HomePage"));
const DetailsPage = preloadable(() => import("./pages/DetailsPage"));
const InstitutionPage = preloadable(() => import("./pages/InstitutionPage"));
const ComparePage = preloadable(() => import("./pages/ComparePage"));
const JoinPage = preloadable(() => import("./pages/JoinPage"));
const LightJoinPage = preloadable(() => import("./pages/LightJoinPage"));
const ConfirmLightPage = preloadable(() => import("./pages/ConfirmLightPage"));
const SignInPage = preloadable(() => import("./pages/SignInPage"));
const PrivateInfoPage = preloadable(() => import("./pages/PrivateInfoPage"));
const AlertsPage = preloadable(() => import("./pages/AlertsPage"));
const ForgotPasswordPage = preloadable(() => import("./pages/ForgotPasswordPage"));
const ResetPasswordPage = preloadable(() => import("./pages/ResetPasswordPage"));
const AccountLinkPage = preloadable(() => import("./pages/AccountLinkPage"));
const AccountPage = preloadable(() => import("./pages/AccountPage"));
const AnswersPage = preloadable(() => import("./pages/AnswersPage"));
const QuestionPage = preloadable(() => import("./pages/QuestionPage"));
const ReportAbusePage = preloadable(() => import("./pages/ReportAbusePage"));
const ModerationPage = preloadable(() => import("./pages/ModerationPage"));
const ExpertsPage = preloadable(() => import("./pages/ExpertsPage"));
const SavedPage = preloadable(() => import("./pages/SavedPage"));
const SearchPage = preloadable(() => import("./pages/SearchPage"));
const CardValuePage = preloadable(() => import("./pages/CardValuePage"));

/** Every named page, by its path pattern. */
const PAGES = [
  { path: "/", page: HomePage },
  { path: "/d/:name", page: DetailsPage },
  { path: "/institutions/:id", page: InstitutionPage },
  { path: "/compare", page: ComparePage },
  { path: "/answers", page: AnswersPage },
  { path: "/answers/:slug", page: QuestionPage },
  { path: "/report-abuse", page: ReportAbusePage },
  { path: "/moderation", page: ModerationPage },
  { path: "/experts", page: ExpertsPage },
  { path: "/saved", page: SavedPage },
  { path: "/search", page: SearchPage },
  { path: "/card-value", page: CardValuePage },
  { path: "/join", page: JoinPage },
  { path: "/join/light", page: LightJoinPage },
  { path: "/join/light/confirm", page: ConfirmLightPage },
  { path: "/sign-in", page: SignInPage },
  { path: "/home/settings/private-info", page: PrivateInfoPage },
  { path: "/home/settings/alerts", page: AlertsPage },
  { path: "/sign-in/forgot", page: ForgotPasswordPage },
  { path: "/sign-in/reset", page: ResetPasswordPage },
  { path: "/join/confirm", page: AccountLinkPage },
  { path: "/home/settings/email/confirm", page: AccountLinkPage },
  { path: "/unsubscribe", page: AccountLinkPage },
  { path: "/home/settings/account", page: AccountPage },
];

/** Loads the code of the page at `pathname` (so the first render needs no fallback). */
export function preloadPage(location: { pathname: string; search: string }): Promise<void> {
  const named = PAGES.find(({ path }) => matchPath(path, location.pathname));
  return named ? named.page.preload() : preloadPathPage(location);
}

/** The site: one layout around every page. Paths not listed here are a listing, a
 * content page or the 404 page (see PathPage). */
export function App() {
  return (
    <BrowserRouter>
      <Layout>
        <Suspense fallback={<p className="container page-loading">Loading…</p>}>
          <Routes>
            {PAGES.map(({ path, page: Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<PathPage />} />
          </Routes>
        </Suspense>
      </Layout>
    </BrowserRouter>
  );
}
