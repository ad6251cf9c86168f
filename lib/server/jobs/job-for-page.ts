import "server-only";
import { QueryClient, dehydrate } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/shared/app-error";
import { type JobKind, jobKey } from "@/lib/shared/job-schemas";
import { jobWithRows } from "./job-by-id";

/** A job's page reads the job with its rows before anything is sent, so an unknown id gets a 404 status. */
export async function jobForPage<K extends JobKind>(id: string, kind: K) {
  const job = await jobWithRows(id, kind).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  // The browser starts from this read and keeps it fresh (JobView).
  const queryClient = new QueryClient();
  queryClient.setQueryData(jobKey(id), job);
  return { job: job as Extract<typeof job, { kind: K }>, state: dehydrate(queryClient) };
}
