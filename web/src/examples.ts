/** The repository's example scenarios, built into the app as starting points. */
import couple from '../../examples/couple-near-retirement.json';
import retiree from '../../examples/single-retiree-care.json';
import youngFamily from '../../examples/young-family-mortgage.json';
import type { ScenarioDocument } from './api.ts';

export const examples: { id: string; document: ScenarioDocument }[] = [
  { id: 'young-family-mortgage', document: youngFamily as unknown as ScenarioDocument },
  { id: 'couple-near-retirement', document: couple as unknown as ScenarioDocument },
  { id: 'single-retiree-care', document: retiree as unknown as ScenarioDocument },
];

/** A blank scenario: one member, a salary, living costs, a cash account. */
export const blankScenario: ScenarioDocument = {
  name: 'New scenario',
  startYear: new Date().getFullYear(),
  members: [{ id: 'me', role: 'PRIMARY', birthYear: 1985, sex: 'FEMALE', retirementAge: 67 }],
  incomes: [{ id: 'salary', type: 'SALARY', memberId: 'me', amount: 60000 }],
  expenses: [{ id: 'living', type: 'LIVING', amount: 40000 }],
  accounts: [{ id: 'cash', type: 'CASH', balance: 10000, allocation: { cash: 1, bonds: 0, equity: 0 } }],
  goals: [],
};
