import { notFound } from "@/lib/api/errors";
import { paginated, type Pagination } from "@/lib/api/pagination";
import type { Industry, Scenario } from "./define-scenario";
import { saasScenarios } from "./saas";
import { ecommerceScenarios } from "./ecommerce";
import { educationScenarios } from "./education";
import { fitnessScenarios } from "./fitness";
import { realEstateScenarios } from "./real-estate";
import { hospitalityScenarios } from "./hospitality";
import { nonprofitScenarios } from "./nonprofit";

export const allScenarios: readonly Scenario[] = [
  ...saasScenarios,
  ...ecommerceScenarios,
  ...educationScenarios,
  ...fitnessScenarios,
  ...realEstateScenarios,
  ...hospitalityScenarios,
  ...nonprofitScenarios,
];

/** The scenario gallery, in a stable order; optional ?industry=. */
export function listScenarios(options: { industry?: Industry; page: Pagination }) {
  const matching = options.industry ? allScenarios.filter((s) => s.industry === options.industry) : allScenarios;
  const { limit, offset } = options.page;
  return paginated(matching.slice(offset, offset + limit), matching.length, options.page);
}

export function getScenarioOrThrow(id: string): Scenario {
  const scenario = allScenarios.find((s) => s.id === id);
  if (!scenario) throw notFound("scenario");
  return scenario;
}
