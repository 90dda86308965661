import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { Layout } from "./app/Layout";
import { PathPage } from "./app/PathPage";

// Each page is its own chunk: a route loads only its own code.
const HomePage = lazy(() => import("./pages/HomePage"));
const DetailsPage = lazy(() => import("./pages/DetailsPage"));
const InstitutionPage = lazy(() => import("./pages/InstitutionPage"));
const ComparePage = lazy(() => import("./pages/ComparePage"));
const JoinPage = lazy(() => import("./pages/JoinPage"));
const LightJoinPage = lazy(() => import("./pages/LightJoinPage"));
const ConfirmLightPage = lazy(() => import("./pages/ConfirmLightPage"));
const SignInPage = lazy(() => import("./pages/SignInPage"));
const PrivateInfoPage = lazy(() => import("./pages/PrivateInfoPage"));
const AnswersPage = lazy(() => import("./pages/AnswersPage"));
const QuestionPage = lazy(() => import("./pages/QuestionPage"));
const ReportAbusePage = lazy(() => import("./pages/ReportAbusePage"));
const ModerationPage = lazy(() => import("./pages/ModerationPage"));
const ExpertsPage = lazy(() => import("./pages/ExpertsPage"));
const SavedPage = lazy(() => import("./pages/SavedPage"));
const SearchPage = lazy(() => import("./pages/SearchPage"));
const CardValuePage = lazy(() => import("./pages/CardValuePage"));

/** The site: one layout around every page. Paths not listed here are a listing, a
 * content page or the 404 page (see PathPage). */
export function App() {
  return (
    <BrowserRouter>
      <Layout>
        <Suspense fallback={<p className="container page-loading">Loading…</p>}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/d/:name" element={<DetailsPage />} />
            <Route path="/institutions/:id" element={<InstitutionPage />} />
            <Route path="/compare" element={<ComparePage />} />
            <Route path="/answers" element={<AnswersPage />} />
            <Route path="/answers/:slug" element={<QuestionPage />} />
            <Route path="/report-abuse" element={<ReportAbusePage />} />
            <Route path="/moderation" element={<ModerationPage />} />
            <Route path="/experts" element={<ExpertsPage />} />
            <Route path="/saved" element={<SavedPage />} />
            <Route path="/search" element={<SearchPage />} />
            <Route path="/card-value" element={<CardValuePage />} />
            <Route path="/join" element={<JoinPage />} />
            <Route path="/join/light" element={<LightJoinPage />} />
            <Route path="/join/light/confirm" element={<ConfirmLightPage />} />
            <Route path="/sign-in" element={<SignInPage />} />
            <Route path="/home/settings/private-info" element={<PrivateInfoPage />} />
            <Route path="*" element={<PathPage />} />
          </Routes>
        </Suspense>
      </Layout>
    </BrowserRouter>
  );
}
