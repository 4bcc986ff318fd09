/**
 * Turns the shipped life and disability CSVs (data/life, data/life/ons, data/disability) into the compact JSON
 * modules the engine imports (shared/engine/life/data); the two large tables are written packed
 * (brotli-compressed JSON in a TypeScript module, see packed-json.ts). The engine does no file
 * I/O, so this is the only place those CSVs are read. Rerun after changing a source file:
 *
 *   npx tsx scripts/build-life-data.ts
 *
 * With `--check` nothing is written: the exit code is 1 when a module differs from what the CSVs
 * give (the test suite runs this, so the shipped modules always match their sources).
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { onsPeriodTables, onsProjection } from './ons-life-tables.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, 'data');
const outDir = join(root, 'shared', 'engine', 'life', 'data');

/** Ages 0..119 are tabulated by SSA; the engine sets q = 1 from age 120. */
const TABLE_AGES = 120;
const SEXES = [
  { key: 'male', file: 'M' },
  { key: 'female', file: 'F' },
] as const;

function readRows(path: string): string[][] {
  return readFileSync(join(dataDir, path), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

function readCsv(path: string): Record<string, string>[] {
  const [header, ...rows] = readRows(path);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** q as published (6 decimals) stored exactly as an integer number of millionths. */
function millionths(q: string): number {
  const value = Math.round(Number(q) * 1e6);
  if (!Number.isFinite(value) || value < 0 || value > 1e6) throw new Error(`bad q(x) ${q}`);
  return value;
}

function periodTable(path: string): { male: number[]; female: number[] } {
  const out = { male: new Array<number>(TABLE_AGES), female: new Array<number>(TABLE_AGES) };
  for (const row of readCsv(path)) {
    const age = Number(row.age);
    const sex = row.sex as 'male' | 'female';
    if (age < TABLE_AGES) out[sex][age] = millionths(row.qx);
  }
  for (const sex of ['male', 'female'] as const) {
    if (out[sex].some((q) => q === undefined)) throw new Error(`${path}: missing ages for ${sex}`);
  }
  return out;
}

function buildMortality(): void {
  const base2017 = periodTable('life/ssa_period_life_table_2017_tr2020.csv');
  const base2021 = periodTable('life/ssa_period_life_table_2021.csv');

  // The TR2020 projected tables, year by year. 2017 (the last historical year of the same report)
  // is the 2017 period table itself, so the projection starts from it.
  const firstYear = 2017;
  const lastYear = 2095;
  const projection: Record<'male' | 'female', number[][]> = { male: [], female: [] };
  for (const { key, file } of SEXES) {
    const byYear = projection[key];
    byYear[0] = base2017[key];
    for (const row of readRows(`life/ssa_tr2020/PerLifeTables_${file}_Alt2_TR2020.csv`)) {
      const year = Number(row[0]);
      const age = Number(row[1]);
      if (!Number.isInteger(year) || year < 2018 || !Number.isInteger(age) || age >= TABLE_AGES) continue;
      (byYear[year - firstYear] ??= new Array<number>(TABLE_AGES))[age] = millionths(row[2]);
    }
    if (byYear.length !== lastYear - firstYear + 1 || byYear.some((r) => r.some((q) => q === undefined))) {
      throw new Error(`projection for ${key} is incomplete`);
    }
  }

  write('ssa-period-tables.json', {
    source: 'US SSA period life tables: 2017 (2020 Trustees Report), 2021; q(x) in millionths, ages 0-119',
    US_SSA_2017: { baseYear: 2017, ...base2017 },
    US_SSA_2021: { baseYear: 2021, ...base2021 },
  });
  writePacked('ssa-alt2-projection', {
    source: 'US SSA 2020 Trustees Report period life tables, 2017 historical and 2018-2095 Alternative 2; q(x) in millionths, ages 0-119',
    firstYear,
    lastYear,
    ...projection,
  });
}

/** The ONS tables for the UK (ons-life-tables.ts): period tables extended to 119, and the 2024-based projection. */
function buildUkMortality(): void {
  write('ons-period-tables.json', onsPeriodTables(readCsv('life/ons/ons_national_life_tables_uk_2020_2024.csv')));
  write('ons-2024-projection.json', onsProjection(readCsv('life/ons/ons_2024based_projected_period_qx_selected_years.csv')));
}

function buildLeeCarter(): void {
  const groups = readCsv('life/lee_carter_1992/age_pars_ax_bx.csv').map((r) => ({
    fromAge: Number(r.age),
    b: Number(r.bx),
  }));
  const forecast = readCsv('life/lee_carter_1992/time_pars_kt_forecast.csv').map((r) => ({
    year: Number(r.year),
    sd: Number(r.sd),
  }));
  // The forecast's standard errors grow like sigma * sqrt(h) for a random walk (h years ahead of
  // the 1989 jump-off); least squares of sd^2 = sigma^2 h gives the innovation volatility.
  const jumpOff = forecast[0].year - 1;
  let num = 0;
  let den = 0;
  for (const { year, sd } of forecast) {
    const h = year - jumpOff;
    num += sd * sd * h;
    den += h * h;
  }
  const sigma = Math.sqrt(num / den);
  const bByAge: number[] = [];
  for (let age = 0; age <= TABLE_AGES; age++) {
    let b = groups[0].b;
    for (const g of groups) if (age >= g.fromAge) b = g.b;
    bByAge.push(b);
  }
  write('lee-carter-1992.json', {
    source:
      'Lee and Carter (1992), JASA 87:659, tables 1-2; b by single age 0-120 from the age groups; sigma fitted to ' +
      'the k(t) forecast standard errors',
    sigma: Math.round(sigma * 1e4) / 1e4,
    bByAge,
  });
}

function buildIdi(): void {
  const classes = ['1', '2', '3', '4', 'M'];
  const eliminationDays = [7, 14, 30, 60, 90, 180, 360, 720];
  const incidenceRows = readCsv('disability/2013-idi-base-incidence.csv');
  const ages = [...new Set(incidenceRows.map((r) => Number(r.AGE_ATTAINED)))].sort((a, b) => a - b);
  const minAge = ages[0];
  const maxAge = ages[ages.length - 1];
  // incidence[sex][class][elimination] = per-1,000 annual rates by age, accident plus sickness.
  const incidence: Record<string, Record<string, Record<string, number[]>>> = {};
  for (const r of incidenceRows) {
    if (r.ELIMINATION_PERIOD === '0') continue; // accident-only benefit: no sickness rates
    const sex = r.GENDER === 'M' ? 'male' : 'female';
    const byAge = (((incidence[sex] ??= {})[r.IDI_OCCUPATION_CLASS] ??= {})[r.ELIMINATION_PERIOD] ??= new Array<number>(
      maxAge - minAge + 1,
    ).fill(0));
    byAge[Number(r.AGE_ATTAINED) - minAge] = Math.round((byAge[Number(r.AGE_ATTAINED) - minAge] + Number(r.INCIDENCES)) * 100) / 100;
  }
  const ctrRows = readCsv('disability/2013-idi-base-ctr-ultimate.csv');
  const ctrAges = ctrRows.map((r) => Number(r.AGE_ATTAINED));
  const ctrMin = Math.min(...ctrAges);
  const ctrMax = Math.max(...ctrAges);
  const termination: Record<string, Record<string, number[]>> = {};
  for (const r of ctrRows) {
    const sex = r.GENDER === 'M' ? 'male' : 'female';
    const byAge = ((termination[sex] ??= {})[r.IDI_OCCUPATION_CLASS] ??= new Array<number>(ctrMax - ctrMin + 1));
    byAge[Number(r.AGE_ATTAINED) - ctrMin] = Math.round(Number(r.BASE_ULTIMATE_CTR) * 1e6) / 1e6;
  }
  for (const sex of ['male', 'female']) {
    for (const c of classes) {
      for (const e of eliminationDays) {
        if (incidence[sex]?.[c]?.[String(e)]?.length !== maxAge - minAge + 1) throw new Error(`incidence ${sex} ${c} ${e}`);
      }
      if (termination[sex]?.[c]?.some((v) => v === undefined) !== false) throw new Error(`termination ${sex} ${c}`);
    }
  }
  writePacked('idi-2013', {
    source:
      'SOA/NAIC 2013 IDI valuation table: base incidence per 1,000 (accident plus sickness) by sex, occupation class, ' +
      'elimination days, attained age; ultimate claim termination rates by sex, class, attained age',
    classes,
    eliminationDays,
    incidenceMinAge: minAge,
    incidenceMaxAge: maxAge,
    incidencePerMille: incidence,
    terminationMinAge: ctrMin,
    terminationMaxAge: ctrMax,
    ultimateTermination: termination,
  });
}

const checkOnly = process.argv.includes('--check');
const stale: string[] = [];

function write(name: string, value: unknown): void {
  emit(name, `${JSON.stringify(value)}\n`);
}

/** A table as a module exporting its JSON brotli-compressed in base64 (unpacked by packed-json.ts). */
function writePacked<T extends { source: string }>(name: string, value: T): void {
  const json = Buffer.from(JSON.stringify(value));
  const packed = brotliCompressSync(json, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length },
  }).toString('base64');
  const text = [
    '// Written by scripts/build-life-data.ts from data/ (provenance in data/SOURCES.md); do not edit.',
    `// ${value.source}.`,
    `// Brotli-compressed JSON in base64, ${json.length} bytes unpacked (see packed-json.ts).`,
    `export default '${packed}';`,
    '',
  ].join('\n');
  emit(`${name}.packed.ts`, text);
}

function emit(name: string, text: string): void {
  const path = join(outDir, name);
  const relative = path.slice(root.length + 1);
  if (checkOnly) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(relative);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${relative} (${text.length} bytes)`);
}

buildMortality();
buildUkMortality();
buildLeeCarter();
buildIdi();
if (checkOnly && stale.length > 0) {
  console.error(`out of date with data/ (rerun npx tsx scripts/build-life-data.ts): ${stale.join(', ')}`);
  process.exit(1);
}
