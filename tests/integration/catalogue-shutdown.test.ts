import { once } from "node:events";
import { Agent, request as httpRequest } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStoredCategories } from "@/scripts/dev-catalogue/store.mjs";
import { type CatalogueProcess, startCatalogueProcess } from "../support/catalogue-process";
import { type Exit } from "../support/child-process";
import { eventually, refusesConnections } from "../support/probes";
import { tempFiles } from "../support/temp-files";

describe("the embedded catalogue service, sent SIGTERM while a create is being received", () => {
  const apiKey = "shutdown-test-catalogue-key";
  let service: CatalogueProcess;
  const temp = tempFiles();
  let dataFile: string;
  let reply: { status: number; body: string; at: number };
  let refusedWhileInFlight = false;
  let exit: Exit;
  let exitedAt = 0;

  beforeAll(async () => {
    dataFile = join(await temp.dir("catalogue-shutdown-"), "catalogue.json");
    service = await startCatalogueProcess({ dataFile, apiKey });
    // A client that keeps its connection alive, as the app does.
    const agent = new Agent({ keepAlive: true });
    const body = JSON.stringify({ name: "saved while stopping", description: "half sent before SIGTERM" });
    const request = httpRequest(`${service.url}/categories`, {
      method: "POST",
      agent,
      // The service's 100 Continue says it has the request's headers: it is receiving this create.
      headers: {
        authorization: `Bearer ${apiKey}`,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        expect: "100-continue",
      },
    });
    const replied = new Promise<typeof reply>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, at: Date.now() }));
      });
      request.on("error", reject);
    });
    // Half the body now, the rest after SIGTERM: the service is in the middle of this create when told to stop.
    request.flushHeaders();
    await once(request, "continue");
    request.write(body.slice(0, 20));
    service.process.kill("SIGTERM");
    refusedWhileInFlight = await eventually(() => refusesConnections(service.port), 1_000);
    request.end(body.slice(20));
    reply = await replied;
    exit = await service.exited;
    exitedAt = Date.now();
    agent.destroy();
  }, 30_000);

  afterAll(async () => {
    await service?.stop(2_000);
    await temp.remove();
  });

  it("answers the create it was receiving with 201", () => {
    expect(reply.status).toBe(201);
    expect(JSON.parse(reply.body)).toMatchObject({ name: "saved while stopping" });
  });

  it("has the category in its data file", async () => {
    const { id } = JSON.parse(reply.body) as { id: number };
    const categories = await readStoredCategories(dataFile);
    expect(categories.filter((category) => category.id === BigInt(id))).toEqual([
      { id: BigInt(id), name: "saved while stopping", description: "half sent before SIGTERM" },
    ]);
  });

  it("refuses new connections while it finishes the create", () => {
    expect(refusedWhileInFlight).toBe(true);
  });

  it("exits with code 0", () => {
    expect(exit).toEqual({ code: 0, signal: null });
  });

  it("exits within two seconds of answering, although the client would keep the connection open", () => {
    process.stdout.write(
      `\nshutdown: the embedded service exited ${exitedAt - reply.at} ms after answering its last request\n`,
    );
    expect(exitedAt - reply.at).toBeLessThan(2_000);
  });
});
