import { useState } from "react";
import { Link, useLocation } from "react-router";
import { currentAddress, takeInitialData } from "../app/initialData";
import { usePageMeta } from "../app/usePageMeta";
import { ExpertsGallery } from "../components/experts/ExpertsGallery";

const PATH = "/experts/";
const TITLE = "Ask the experts";
const LEAD = "Who answers questions on Plainrate, and what they know about.";

/** `/experts/`: the experts gallery, starting from the gallery the server sent. */
export default function ExpertsPage() {
  const location = useLocation();
  // The server's data is handed out once; the page keeps it for its later renders.
  const [initial] = useState(() => takeInitialData("experts", currentAddress(location)));
  const [heading, setHeading] = useState(initial?.gallery.data?.header_text || TITLE);
  const title = heading;
  usePageMeta(title, LEAD);
  return (
    <div className="container">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <Link to="/answers/">Answers</Link> <span aria-hidden="true">›</span>{" "}
        <span aria-current="page">Experts</span>
      </nav>
      <h1>{title}</h1>
      <ExpertsGallery path={PATH} initial={initial?.gallery} onLoaded={(gallery) => setHeading(gallery.header_text || TITLE)} />
    </div>
  );
}
