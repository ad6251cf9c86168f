import { readSessionToken } from "@/lib/server/auth/session-cookie";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { eventStream } from "@/lib/server/live/event-stream";

// A stream stays open: never rendered ahead of a request, never cached.
export const dynamic = "force-dynamic";

export const GET = apiRoute("viewer", async (request, { user }) =>
  // apiRoute has checked the session: the user and the token are there.
  eventStream(user!, readSessionToken(request.headers) ?? "", request.headers.get("last-event-id"), request.signal),
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
