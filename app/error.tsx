"use client";

import { SomethingWentWrong } from "@/components/something-went-wrong";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return <SomethingWentWrong reset={reset} />;
}
