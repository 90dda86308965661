import { APP_STORE_META, PLAY_STORE_META } from "../components/community/storeLinks";

/** Store pages as an operator would configure them, for tests of the "Get the app" parts. */
export const TEST_APP_STORE_URL = "https://apps.example.test/plainrate";
export const TEST_PLAY_STORE_URL = "https://play.example.test/plainrate";

/** Puts the meta tags the server writes when both store pages are configured. */
export function addStorePages(): void {
  for (const [name, content] of [
    [APP_STORE_META, TEST_APP_STORE_URL],
    [PLAY_STORE_META, TEST_PLAY_STORE_URL],
  ]) {
    const meta = document.createElement("meta");
    meta.name = name!;
    meta.content = content!;
    document.head.append(meta);
  }
}

/** Takes them away again. */
export function removeStorePages(): void {
  document.head.querySelectorAll(`meta[name="${APP_STORE_META}"], meta[name="${PLAY_STORE_META}"]`).forEach((meta) => meta.remove());
}
