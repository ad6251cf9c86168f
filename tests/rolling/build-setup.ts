import { ensureBuild } from "../../scripts/ensure-build.mjs";

// The replicas are the production build: a run on its own must not test an older one.
export default function setup(): void {
  ensureBuild();
}
