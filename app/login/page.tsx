import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/login-form";
import { pageUser } from "@/lib/server/auth/page-user";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(typeof next === "string" ? next : undefined);
  if (await pageUser()) redirect(target);
  return (
    <div className="stack narrow">
      <h1>Sign in</h1>
      <LoginForm next={target} />
    </div>
  );
}
