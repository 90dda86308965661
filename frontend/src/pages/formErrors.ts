import { isRequestError } from "../api/request";

/** What a form shows for a failed submit, and the field at fault if the server named one. */
export function formError(error: unknown): { message: string; field?: string } {
  if (isRequestError(error)) {
    const data = error.data as { message?: unknown; field?: unknown } | undefined;
    if (data && typeof data.message === "string") {
      return { message: data.message, field: typeof data.field === "string" ? data.field : undefined };
    }
  }
  return { message: "Something went wrong, please retry." };
}
