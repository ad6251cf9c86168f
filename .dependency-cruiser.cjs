// @ts-check
// The layers of the code (issue 44), checked by `npm run lint` and the lint stage of `npm test`:
// lib/shared runs on both sides and knows neither; components and lib/browser never reach the server's code; and no
// module imports itself back, however far round.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes the order modules load in matter, and hides which of the two is the lower layer.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-is-shared",
      severity: "error",
      comment: "lib/shared is imported by the server and the browser alike: it imports neither side.",
      from: { path: "^lib/shared/" },
      to: { path: "^lib/(server|browser)/" },
    },
    {
      name: "browser-never-reaches-the-server",
      severity: "error",
      comment: "What components and lib/browser import can end up in a page's script: never the server's modules.",
      from: { path: "^(components|lib/browser)/" },
      to: { path: "^lib/server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
