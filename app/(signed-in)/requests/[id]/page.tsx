import type { Metadata } from "next";
import Link from "next/link";
import { RequestView } from "@/components/requests/request-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { defaultEnvironment } from "@/lib/server/config/environments";

export const metadata: Metadata = { title: "Request" };

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser();
  return (
    <div className="stack">
      <Link href="/requests" className="back-link">
        All requests
      </Link>
      {user.role === "admin" ? (
        <RequestView id={id} username={user.username} defaultEnvironment={defaultEnvironment()} />
      ) : (
        <>
          <h1>Request</h1>
          <NotAllowed what="see the requests" />
        </>
      )}
    </div>
  );
}
