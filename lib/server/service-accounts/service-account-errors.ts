import "server-only";
import { AppError } from "@/lib/shared/app-error";

export const usernameTaken = (username: string) => {
  const message = `${username} is already the name of a person or a service account. Choose another.`;
  return new AppError(409, "username_taken", message, { username: message });
};

export const serviceAccountNotFound = () =>
  new AppError(
    404,
    "service_account_not_found",
    "There is no service account with this name. It may have been removed.",
  );
