import { Type } from 'typebox';
import { DOWNLOAD_FORMATS } from '../services/xlsx';

/** `format` of a download: `csv` (without it) or `xlsx` (services/xlsx.ts). */
export const formatProperty = { format: Type.Optional(Type.Enum([...DOWNLOAD_FORMATS], { type: 'string' })) };
