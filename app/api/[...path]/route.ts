import { AppError } from "@/lib/shared/app-error";
import { apiRoute } from "@/lib/server/http/api-route";

// Unknown /api paths get an Error body too, not Next's HTML 404 page.
const notFound = apiRoute(
  "public",
  async () => {
    throw new AppError(404, "not_found", "There is no such API endpoint.");
  },
  { tokens: "accepted" },
);

export {
  notFound as GET,
  notFound as HEAD,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
