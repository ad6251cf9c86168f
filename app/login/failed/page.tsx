import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { getConfig } from "@/lib/server/config/config";

export const metadata: Metadata = { title: "Not signed in" };

const REFERENCE = /^[A-Za-z0-9._:-]{1,128}$/;

function explanation(reason: string | undefined, provider: string): string {
  switch (reason) {
    case "expired":
      return "This sign-in was started in another browser, or took longer than 10 minutes. Start it again.";
    case "state":
      return `The answer from ${provider} does not belong to the sign-in this browser started, so it was not used.`;
    case "denied":
      return `${provider} did not sign you in.`;
    case "rejected":
      return `The answer from ${provider} could not be verified, so it was not used.`;
    case "unavailable":
      return `${provider} cannot be reached right now. Try again in a moment.`;
    case "store":
      return "The app's database is not answering. Try again in a moment.";
    default:
      return "The sign-in did not complete.";
  }
}

type Params = { reason?: string | string[]; ref?: string | string[] };

export default async function SignInFailedPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { reason, ref } = await searchParams;
  const provider = getConfig().oidc?.name ?? "Single sign-on";
  const reference = typeof ref === "string" && REFERENCE.test(ref) ? ref : undefined;
  return (
    <div className="stack narrow">
      <h1>You are not signed in</h1>
      <p>{explanation(typeof reason === "string" ? reason : undefined, provider)}</p>
      {reference && (
        <p className="reference">
          Reference: <code>{reference}</code>
        </p>
      )}
      <p>
        <ButtonLink href="/login">Try again</ButtonLink>
      </p>
    </div>
  );
}
