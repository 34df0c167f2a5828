// ESLint for the browser client and its unit tests (make lint). The recommended rules, the
// browser's globals for the page and node's for the tests.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    // A caught error may go unused (`catch (err)` where the page only recovers).
    rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  {
    files: ["src/crisis/web/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    // The API page's script comes with Swagger UI's bundle, loaded by the page before it.
    files: ["src/crisis/web/js/docs.js"],
    languageOptions: { globals: { SwaggerUIBundle: "readonly" } },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
];
