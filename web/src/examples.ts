/** The repository's example scenarios, built into the app as starting points. */
import couple from '../../examples/couple-near-retirement.json';
import retiree from '../../examples/single-retiree-care.json';
import youngFamily from '../../examples/young-family-mortgage.json';
import ukSavers from '../../examples/uk-couple-isa-pension.json';
import usSavers from '../../examples/us-couple-401k-roth.json';
import type { ScenarioDocument } from './api.ts';

export const examples: { id: string; document: ScenarioDocument }[] = [
  { id: 'young-family-mortgage', document: youngFamily as unknown as ScenarioDocument },
  { id: 'couple-near-retirement', document: couple as unknown as ScenarioDocument },
  { id: 'single-retiree-care', document: retiree as unknown as ScenarioDocument },
  { id: 'uk-couple-isa-pension', document: ukSavers as unknown as ScenarioDocument },
  { id: 'us-couple-401k-roth', document: usSavers as unknown as ScenarioDocument },
];

/** A blank scenario: one person, living costs and a cash account, to build on through the forms. */
export const blankScenario: ScenarioDocument = {
  name: 'New scenario',
  startYear: new Date().getFullYear(),
  members: [{ id: 'person-1', role: 'PRIMARY', birthYear: 1975, sex: 'FEMALE', retirementAge: 67 }],
  incomes: [],
  expenses: [{ id: 'expense-1', type: 'LIVING', name: 'Living costs', amount: 40000, essentialFraction: 0.7 }],
  accounts: [{ id: 'account-1', type: 'CASH', name: 'Cash', balance: 10000, allocation: { cash: 1, bonds: 0, equity: 0 } }],
  goals: [],
};
