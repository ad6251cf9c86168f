import { AppError } from "@/lib/shared/app-error";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readBodyBytes } from "@/lib/server/http/read-body";
import { classifyRows } from "@/lib/server/imports/classify-rows";
import { readImportFile } from "@/lib/server/imports/read-import-file";
import { createJob, jobById, listJobs } from "@/lib/server/jobs/job-store";
import { environmentPlace } from "@/lib/server/config/environments";
import { requestEnvironment } from "@/lib/server/environment/environment-param";
import { inEnvironment } from "@/lib/shared/environment";
import { assertTokenMay } from "@/lib/server/tokens/token-caller";

export const GET = apiRoute(
  "admin",
  async (request, { token }) => {
    const environment = requestEnvironment(request);
    assertTokenMay(token, environment);
    return jsonResponse(JSON.stringify(await listJobs("import", environment)), 200);
  },
  { tokens: "accepted" },
);

/** The file itself is the body; its name comes in X-File-Name, URI-encoded. Nothing is sent yet: a preview. */
export const POST = apiRoute(
  "admin",
  async (request, { requestId, user, token }) => {
    const environment = requestEnvironment(request);
    assertTokenMay(token, environment);
    // Not a type a cross-site form can send, so the same-origin check and this keep the CSRF defence of JSON bodies.
    if (!/^text\/csv\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
      throw new AppError(
        415,
        "unsupported_media_type",
        "Send the file as the request body, with Content-Type: text/csv.",
      );
    }
    const { maxBytes, maxRows } = getConfig().imports;
    const mib = (maxBytes / 1024 / 1024).toLocaleString("en", { maximumFractionDigits: 1 });
    const bytes = await readBodyBytes(
      request,
      maxBytes,
      `The file is larger than ${mib} MiB, the most one import takes. Split it into smaller files.`,
    );
    const file = readImportFile(bytes, maxRows);
    const categories = await catalogue(environment).listCategories({ requestId });
    const id = await createJob({
      kind: "import",
      fileName: fileName(request.headers.get("x-file-name")),
      createdBy: user?.username ?? "",
      ignoredColumns: file.ignoredColumns,
      environment,
      rows: classifyRows(file.rows, categories),
    });
    return jsonResponse(JSON.stringify(await jobById(id)), 201, {
      location: inEnvironment(`/categories/import/${id}`, environmentPlace(environment)),
    });
  },
  { tokens: "accepted" },
);

function fileName(header: string | null): string {
  try {
    return decodeURIComponent(header ?? "").trim() || "file.csv";
  } catch {
    return "file.csv";
  }
}

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
