import "server-only";
import { AppError } from "@/lib/shared/app-error";
import { VIEWS_PER_PAGE_MAX } from "@/lib/shared/saved-view-schemas";
import { isUniqueViolation } from "@/lib/server/db/unique-violation";

// A view another person keeps privately is answered as one that does not exist: its name is theirs alone.
export const viewNotFound = () =>
  new AppError(404, "view_not_found", "There is no view with this id that you can see. It may have been deleted.");

export const viewNameTaken = (name: string) => {
  const message = `You already have a view named "${name}" on this page. Choose another name.`;
  return new AppError(409, "view_name_taken", message, { name: message });
};

export const tooManyViews = () =>
  new AppError(
    409,
    "too_many_views",
    `You keep ${VIEWS_PER_PAGE_MAX} views of this page, the most one person may. Delete one to save another.`,
  );

export const notTheOwner = (view: { owner: string; shared: boolean }, doing: string) =>
  new AppError(
    403,
    "not_the_owner",
    `Only ${view.owner}, who saved this view${doing === "delete" && view.shared ? ", or an admin" : ""}, can ${doing} it.`,
  );

/** A unique violation: the only unique key a caller can collide with is the name (ids are random). */
export const isNameTaken = isUniqueViolation;
