// svc/convert: unit conversion over every family the spec lists. Currency uses a fixed offline table
// (the emulator has no live rates) and says so in its output.
import { FormulaFailure, tool, singleFunctionFormula } from './formula';

type Family = 'length' | 'mass' | 'volume' | 'temperature' | 'area' | 'time' | 'energy' | 'pressure' | 'speed' | 'currency';

interface Unit {
  family: Family;
  symbol: string;
  /** Size in the family's base unit (temperature uses toBase/fromBase instead). */
  factor: number;
  names: string[];
}

const u = (family: Family, symbol: string, factor: number, ...names: string[]): Unit => ({ family, symbol, factor, names: [symbol, ...names] });

/** Rates are units of currency per 1 USD, fixed on the date below; not live. */
export const CURRENCY_TABLE_DATE = '2025-01-02';
const PER_USD: Record<string, number> = {
  USD: 1, EUR: 0.9634, GBP: 0.7982, JPY: 157.2, CNY: 7.2993, CHF: 0.9063, CAD: 1.4382, AUD: 1.6077, HKD: 7.7677,
  SGD: 1.3616, INR: 85.6, KRW: 1470.5, SEK: 11.02, NOK: 11.33, DKK: 7.185, NZD: 1.7803, MXN: 20.58, BRL: 6.18, RUB: 110.5, ZAR: 18.77,
};
const CURRENCY_NAMES: Record<string, string[]> = {
  USD: ['$', 'dollar', 'dollars', 'us dollar', 'us dollars'], EUR: ['€', 'euro', 'euros'], GBP: ['£', 'pound sterling', 'pounds sterling', 'british pound', 'british pounds'],
  JPY: ['¥', 'yen'], CNY: ['rmb', 'yuan', 'renminbi'], INR: ['rupee', 'rupees'], KRW: ['won'], CHF: ['swiss franc', 'swiss francs'],
};

const UNITS: Unit[] = [
  u('length', 'm', 1, 'meter', 'meters', 'metre', 'metres'), u('length', 'km', 1000, 'kilometer', 'kilometers', 'kilometre', 'kilometres'),
  u('length', 'cm', 0.01, 'centimeter', 'centimeters', 'centimetre', 'centimetres'), u('length', 'mm', 0.001, 'millimeter', 'millimeters', 'millimetre', 'millimetres'),
  u('length', 'µm', 1e-6, 'um', 'micrometer', 'micrometers', 'micron', 'microns'), u('length', 'nm', 1e-9, 'nanometer', 'nanometers'),
  u('length', 'mi', 1609.344, 'mile', 'miles'), u('length', 'yd', 0.9144, 'yard', 'yards'), u('length', 'ft', 0.3048, 'foot', 'feet'),
  u('length', 'in', 0.0254, 'inch', 'inches'), u('length', 'nmi', 1852, 'nautical mile', 'nautical miles'), u('length', 'ly', 9.4607304725808e15, 'light year', 'light years', 'light-year', 'light-years'),
  u('mass', 'kg', 1, 'kilogram', 'kilograms', 'kilo', 'kilos'), u('mass', 'g', 0.001, 'gram', 'grams'), u('mass', 'mg', 1e-6, 'milligram', 'milligrams'),
  u('mass', 't', 1000, 'tonne', 'tonnes', 'metric ton', 'metric tons'), u('mass', 'lb', 0.45359237, 'lbs', 'pound', 'pounds'), u('mass', 'oz', 0.028349523125, 'ounce', 'ounces'),
  u('mass', 'st', 6.35029318, 'stone', 'stones'), u('mass', 'ct', 0.0002, 'carat', 'carats'),
  u('volume', 'l', 1, 'L', 'liter', 'liters', 'litre', 'litres'), u('volume', 'ml', 0.001, 'mL', 'milliliter', 'milliliters', 'millilitre', 'millilitres'),
  u('volume', 'm³', 1000, 'm3', 'cubic meter', 'cubic meters'), u('volume', 'cm³', 0.001, 'cm3', 'cc', 'cubic centimeter', 'cubic centimeters'),
  u('volume', 'gal', 3.785411784, 'gallon', 'gallons', 'us gallon', 'us gallons'), u('volume', 'imp gal', 4.54609, 'imperial gallon', 'imperial gallons'),
  u('volume', 'qt', 0.946352946, 'quart', 'quarts'), u('volume', 'pt', 0.473176473, 'pint', 'pints'), u('volume', 'cup', 0.2365882365, 'cups'),
  u('volume', 'fl oz', 0.0295735295625, 'floz', 'fluid ounce', 'fluid ounces'), u('volume', 'tbsp', 0.01478676478125, 'tablespoon', 'tablespoons'),
  u('volume', 'tsp', 0.00492892159375, 'teaspoon', 'teaspoons'),
  u('temperature', '°C', 1, 'C', 'celsius', 'degc', 'degrees celsius'), u('temperature', '°F', 1, 'F', 'fahrenheit', 'degf', 'degrees fahrenheit'),
  u('temperature', 'K', 1, 'kelvin', 'kelvins'),
  u('area', 'm²', 1, 'm2', 'sq m', 'square meter', 'square meters', 'square metre', 'square metres'), u('area', 'km²', 1e6, 'km2', 'sq km', 'square kilometer', 'square kilometers'),
  u('area', 'cm²', 1e-4, 'cm2', 'square centimeter', 'square centimeters'), u('area', 'ha', 1e4, 'hectare', 'hectares'), u('area', 'acre', 4046.8564224, 'acres', 'ac'),
  u('area', 'ft²', 0.09290304, 'ft2', 'sq ft', 'square foot', 'square feet'), u('area', 'in²', 0.00064516, 'in2', 'sq in', 'square inch', 'square inches'),
  u('area', 'mi²', 2589988.110336, 'mi2', 'sq mi', 'square mile', 'square miles'), u('area', 'yd²', 0.83612736, 'yd2', 'sq yd', 'square yard', 'square yards'),
  u('time', 's', 1, 'sec', 'second', 'seconds'), u('time', 'ms', 0.001, 'millisecond', 'milliseconds'), u('time', 'µs', 1e-6, 'us', 'microsecond', 'microseconds'),
  u('time', 'ns', 1e-9, 'nanosecond', 'nanoseconds'), u('time', 'min', 60, 'minute', 'minutes'), u('time', 'h', 3600, 'hr', 'hour', 'hours'),
  u('time', 'day', 86400, 'd', 'days'), u('time', 'week', 604800, 'wk', 'weeks'), u('time', 'month', 2629746, 'months'), u('time', 'year', 31556952, 'yr', 'years'),
  u('energy', 'J', 1, 'joule', 'joules'), u('energy', 'kJ', 1000, 'kilojoule', 'kilojoules'), u('energy', 'MJ', 1e6, 'megajoule', 'megajoules'),
  u('energy', 'cal', 4.184, 'calorie', 'calories'), u('energy', 'kcal', 4184, 'kilocalorie', 'kilocalories', 'Cal'), u('energy', 'Wh', 3600, 'watt hour', 'watt hours'),
  u('energy', 'kWh', 3.6e6, 'kilowatt hour', 'kilowatt hours'), u('energy', 'eV', 1.602176634e-19, 'electronvolt', 'electronvolts'), u('energy', 'BTU', 1055.05585262, 'btu', 'btus'),
  u('pressure', 'Pa', 1, 'pascal', 'pascals'), u('pressure', 'kPa', 1000, 'kilopascal', 'kilopascals'), u('pressure', 'MPa', 1e6, 'megapascal', 'megapascals'),
  u('pressure', 'bar', 1e5, 'bars'), u('pressure', 'mbar', 100, 'millibar', 'millibars'), u('pressure', 'atm', 101325, 'atmosphere', 'atmospheres'),
  u('pressure', 'psi', 6894.757293168, 'pound per square inch'), u('pressure', 'mmHg', 133.322387415, 'mmhg'), u('pressure', 'torr', 133.32236842105263, 'Torr'),
  u('speed', 'm/s', 1, 'mps', 'meters per second', 'metres per second'), u('speed', 'km/h', 1 / 3.6, 'kph', 'kmh', 'kilometers per hour', 'kilometres per hour'),
  u('speed', 'mph', 0.44704, 'mi/h', 'miles per hour'), u('speed', 'kn', 0.5144444444444445, 'knot', 'knots', 'kt'), u('speed', 'ft/s', 0.3048, 'fps', 'feet per second'),
  u('speed', 'mach', 340.29, 'Mach'),
  ...Object.entries(PER_USD).map(([code, rate]) => u('currency', code, 1 / rate, code.toLowerCase(), ...(CURRENCY_NAMES[code] ?? []))),
];

function findUnit(raw: string): Unit | undefined {
  const name = raw.trim().replace(/\s+/g, ' ');
  return UNITS.find((unit) => unit.names.includes(name)) ?? UNITS.find((unit) => unit.names.some((n) => n.toLowerCase() === name.toLowerCase()));
}

function toKelvin(value: number, symbol: string): number {
  if (symbol === '°C') return value + 273.15;
  if (symbol === '°F') return ((value - 32) * 5) / 9 + 273.15;
  return value;
}

function fromKelvin(value: number, symbol: string): number {
  if (symbol === '°C') return value - 273.15;
  if (symbol === '°F') return ((value - 273.15) * 9) / 5 + 32;
  return value;
}

function format(n: number): string {
  if (n !== 0 && (Math.abs(n) >= 1e15 || Math.abs(n) < 1e-6)) return n.toExponential(6);
  return String(Number(n.toPrecision(10)));
}

export function convertValue(value: number, from: string, to: string): string {
  const a = findUnit(from);
  const b = findUnit(to);
  const families = [...new Set(UNITS.map((x) => x.family))].join(', ');
  if (!a) throw new FormulaFailure('invalid_arguments', `convert: unknown unit "${from}" (families: ${families})`);
  if (!b) throw new FormulaFailure('invalid_arguments', `convert: unknown unit "${to}" (families: ${families})`);
  if (a.family !== b.family) throw new FormulaFailure('invalid_arguments', `convert: cannot convert ${a.family} (${a.symbol}) to ${b.family} (${b.symbol})`);
  if (a.family === 'temperature' && a.symbol !== '°C' && a.symbol !== '°F' && value < 0) {
    throw new FormulaFailure('invalid_arguments', 'convert: a temperature in kelvin cannot be negative');
  }
  const result = a.family === 'temperature' ? fromKelvin(toKelvin(value, a.symbol), b.symbol) : (value * a.factor) / b.factor;
  const line = `${format(value)} ${a.symbol} = ${format(result)} ${b.symbol}`;
  if (a.family !== 'currency') return line;
  return `${line}\n(Offline fixed exchange-rate table of ${CURRENCY_TABLE_DATE} in the local emulator, not live rates.)`;
}

export const convertFormula = singleFunctionFormula(
  'convert',
  tool('convert', 'Convert a value between units: length, mass, volume, temperature, area, time, energy, pressure, speed, currency.', {
    value: { type: 'number', description: 'The amount to convert.' },
    from: { type: 'string', description: 'Unit of the amount, e.g. km, lb, °F, kWh, psi, mph, USD.' },
    to: { type: 'string', description: 'Unit to convert to, of the same family.' },
  }, ['value', 'from', 'to']),
  async (args) => {
    return { output: convertValue(args.number('value'), args.string('from'), args.string('to')) };
  },
);
