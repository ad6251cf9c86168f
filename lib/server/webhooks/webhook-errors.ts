import "server-only";
import { AppError } from "@/lib/shared/app-error";

export const webhookNotFound = () =>
  new AppError(404, "webhook_not_found", "There is no webhook endpoint with this id. It may have been deleted.");

export const deliveryNotFound = () =>
  new AppError(404, "delivery_not_found", "This endpoint has no delivery with this id.");

export const deliveryUnderWay = () =>
  new AppError(409, "delivery_under_way", "An attempt of this delivery is under way. Send it again once it has ended.");

export const urlNotAllowed = (reason: string) => {
  const message = `The app may not send to this address: ${reason}. Ask an operator to add its network to WEBHOOK_ALLOWED_NETWORKS if it is a receiver inside the organisation.`;
  return new AppError(400, "url_not_allowed", message, { url: message });
};

export const noSecretToRotate = () =>
  new AppError(
    409,
    "webhook_has_no_secret",
    "Only a standard endpoint has a secret: Slack and Teams URLs carry their own.",
  );

export const webhookSwitchedOff = () =>
  new AppError(
    409,
    "webhook_disabled",
    "This endpoint is switched off, so nothing is sent to it. Switch it on first (PATCH with enabled: true).",
  );
