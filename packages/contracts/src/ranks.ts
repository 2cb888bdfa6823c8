/** The rank list of spec §3: Civilian, enlisted E-1 to E-9, officers O-1 to O-10, General of the Air Force. */

export interface Rank {
  /** What is stored on a user (spec §3: rank is the abbreviation). */
  abbreviation: string;
  name: string;
  /** DoD pay grade; '' for civilians, 'Special' for General of the Air Force. */
  payGrade: string;
}

export const RANKS: readonly Rank[] = [
  { abbreviation: 'Civ', name: 'Civilian', payGrade: '' },
  { abbreviation: 'AB', name: 'Airman Basic', payGrade: 'E-1' },
  { abbreviation: 'Amn', name: 'Airman', payGrade: 'E-2' },
  { abbreviation: 'A1C', name: 'Airman First Class', payGrade: 'E-3' },
  { abbreviation: 'SrA', name: 'Senior Airman', payGrade: 'E-4' },
  { abbreviation: 'SSgt', name: 'Staff Sergeant', payGrade: 'E-5' },
  { abbreviation: 'TSgt', name: 'Technical Sergeant', payGrade: 'E-6' },
  { abbreviation: 'MSgt', name: 'Master Sergeant', payGrade: 'E-7' },
  { abbreviation: 'SMSgt', name: 'Senior Master Sergeant', payGrade: 'E-8' },
  { abbreviation: 'CMSgt', name: 'Chief Master Sergeant', payGrade: 'E-9' },
  { abbreviation: 'CCM', name: 'Command Chief Master Sergeant', payGrade: 'E-9' },
  { abbreviation: 'CMSAF', name: 'Chief Master Sergeant of the Air Force', payGrade: 'E-9' },
  { abbreviation: '2d Lt', name: 'Second Lieutenant', payGrade: 'O-1' },
  { abbreviation: '1st Lt', name: 'First Lieutenant', payGrade: 'O-2' },
  { abbreviation: 'Capt', name: 'Captain', payGrade: 'O-3' },
  { abbreviation: 'Maj', name: 'Major', payGrade: 'O-4' },
  { abbreviation: 'Lt Col', name: 'Lieutenant Colonel', payGrade: 'O-5' },
  { abbreviation: 'Col', name: 'Colonel', payGrade: 'O-6' },
  { abbreviation: 'Brig Gen', name: 'Brigadier General', payGrade: 'O-7' },
  { abbreviation: 'Maj Gen', name: 'Major General', payGrade: 'O-8' },
  { abbreviation: 'Lt Gen', name: 'Lieutenant General', payGrade: 'O-9' },
  { abbreviation: 'Gen', name: 'General', payGrade: 'O-10' },
  { abbreviation: 'CSAF', name: 'General Air Force Chief of Staff', payGrade: 'O-10' },
  { abbreviation: 'GAF', name: 'General of the Air Force', payGrade: 'Special' },
];

const byAbbreviation = new Map(RANKS.map((r) => [r.abbreviation, r]));

/** The rank with this abbreviation, if it is on the list. */
export function findRank(abbreviation: string): Rank | undefined {
  return byAbbreviation.get(abbreviation);
}

/** 'Senior Airman (SrA, E-4)', the way a rank is offered in a select. */
export function rankLabel(rank: Rank): string {
  return rank.payGrade
    ? `${rank.name} (${rank.abbreviation}, ${rank.payGrade})`
    : `${rank.name} (${rank.abbreviation})`;
}
