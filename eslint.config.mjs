// npm run lint (and the first step of npm test): Next's flat configs (Next, React, React Hooks,
// jsx-a11y, import) with the typescript-eslint rules they bring, over the whole tree.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "dist/**",
    "next-env.d.ts",
    "lib/generated/**",
    ".image/**",
    ".data/**",
    ".test-results/**",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a handler's unused argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Playwright, not React: a fixture hands its value on through a callback named `use`.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
]);
