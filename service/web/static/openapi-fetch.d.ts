// The types of openapi-fetch 0.17.0 for ./openapi-fetch.js (written by `make clients`).
// tsc resolves the package from clients/typescript (tsconfig.web.json).
export * from "openapi-fetch";
export { default } from "openapi-fetch";
