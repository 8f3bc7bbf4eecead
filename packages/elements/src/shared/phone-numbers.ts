/**
 * Phone numbers without libphonenumber: the calling code, the possible lengths of a mobile number and
 * the national (trunk) prefix of every region, in one compact table (under 1 kB gzipped), generated from
 * libphonenumber's metadata by `scripts/phone-table.mjs`. Flags are regional-indicator emoji computed
 * from the ISO code, and names come from `Intl.DisplayNames`: no data for either.
 *
 * What it checks: the calling code exists, the national number has a possible length for the region
 * (a trunk prefix typed nationally, like the UK's 0 or the US's 1, is dropped). What it does not: that
 * the number's leading digits are a real range, that it is a mobile rather than a fixed line, or that
 * it is assigned (the SMS itself proves that), nor which region of a shared calling code (+1, +44,
 * +7…) a number belongs to: a pasted "+1…" keeps the chosen region when it shares the code, else takes
 * the code's main region (the US for +1, the UK for +44). Numbers are grouped for display generically
 * (3–4 digit groups), not in each country's own convention; the value handed over is E.164.
 *
 * @example
 *   const parsed = parsePhone('+44 7912 345678'); // { country: GB…, national: '7912345678' }
 *   phoneProblem(parsed.country, parsed.national); // undefined: valid
 *   toE164(parsed.country!, parsed.national); // '+447912345678'
 *   flagOf('GB'); // '🇬🇧'
 */

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2 code (and AC, TA, XK as libphonenumber has them). */
  iso: string;
  /** Calling code, digits only ("44"). */
  dial: string;
  /** Possible lengths of a national (significant) mobile number. */
  lengths: number[];
  /** National (trunk) prefix typed before a number at home ("0"), or "" for none. */
  trunk: string;
}

/** Why a number is not accepted (see `phoneProblem`): none typed, no known region, too short or long. */
export type PhoneProblem = 'empty' | 'country' | 'short' | 'long';

// ISO code (lower case), calling code minus the previous entry's (omitted when 0), lengths as letters (A = 1), trunk
// prefix ("0": omitted, none: "_"); an entry that is the ISO code alone repeats the previous entry's
// data. Regenerate with scripts/phone-table.mjs.
const TABLE =
  'us1J1agaiasbbbmbscadmdogdgujmknkylcmpmsprsxtcttvcvgviru6J8kzeg13Jza7EFGHIgr3J_nl1IKbe1Ifr1Ies1I_hu2I06it3IJ_varo1Ich1Iat2GHIJKLMgb1Jggimjedk1H_se1Ino1H_sjpl1I_de1JKpe2Imx1J_cu1Har1JKbr1JKcl1I_co1Jve1Jmy2IJau1Icccxid1IJKLph1Jnz1HIJsg1H_th1Ijp15Jkr1IJvn2Icn2Ktr4Jin1Jpk1Jaf1Ilk1Imm1GHIJir3Jss113Ima1Iehdz1Itn3H_ly2Igm2GI_sn1I_mr1H_ml1H_gn1I_ci1J_bf1H_ne1H_tg1H_bj1J_mu1H_lr1GIsl1Hgh1Ing1Jtd1H_cf1H_cm1I_cv1G_st1G_gq1I_ga1GH_cg1I_cd1GIao1I_gw1I_io1G_ac1E_sc1G_sd1Irw1Iet1Iso1GHIdj1H_ke1Itz1Iug1Ibi1H_mz1I_zm2Img1Ire1Iytzw1Ina1Imw1Ils1H_bw1H_sz1H_km1G_sh21E_taD_er1Gaw6G_fo1F_gl1F_gi51H_pt1I_lu1I_ie1Iis1GI_al1Imt1H_cy1H_fi1FGHIJaxbg1HIlt11Hlv1H_ee1GH_md1Ham1Hby1I8ad1FI_mc1HIsm1H_ua2Irs1HIJme1Hxk1Hhr2HIsi1Hba1HImk2Hcz31I_sk1Ili2GIfk77E_bz1G_gt1H_sv1H_hn1H_ni1H_cr1H_pa1GH_pm1FIht1H_gp81Iblmfbo1Hgy1G_ec1Igf1Ipy1Imq1Isr1G_uy1Hcw1GH_bqG_tl71H_nf2F_bn1G_nr1G_pg1H_to1G_sb1EG_vu1G_fj1G_pw1G_wf1F_ck1E_nu1DG_ws2GJ_ki1Hnc1F_tv1FG_pf1H_tk1DEFG_fm1G_mh1G1kp158Jhk2H_mo1H_kh2HIla1IJbd24Jtw6Imv74G_lb1GHjo1Isy1Iiq1Jkw1H_sa1Iye1Iom1H_ps2Iae1Iil1Ibh1H_qa1H_bt1H_mn1Hnp1Jtj15I_tm1H8az1Ige1Ikg1Iuz2I_';

let parsed: PhoneCountry[] | undefined;

/** Every region, ordered by calling code (the main region of a shared code first). */
export function phoneCountries(): PhoneCountry[] {
  if (parsed) return parsed;
  parsed = [];
  let last = { iso: '', dial: '0', lengths: [0], trunk: '' };
  for (const [, iso, delta, lengths, trunk] of TABLE.matchAll(/([a-z]{2})(\d*)([A-Q]*)(_|\d*)/g))
    parsed.push(
      (last = lengths
        ? {
            iso: iso!.toUpperCase(),
            dial: String(+last.dial + +delta!),
            lengths: [...lengths].map((c) => c.charCodeAt(0) - 64),
            trunk: trunk === '_' ? '' : trunk || '0',
          }
        : { ...last, iso: iso!.toUpperCase() }),
    );
  return parsed;
}

/** The region with this ISO code (any case), if the table has it. */
export function phoneCountry(iso: string | null | undefined): PhoneCountry | undefined {
  const code = (iso ?? '').toUpperCase();
  return phoneCountries().find((c) => c.iso === code);
}

/** The flag of an ISO region code as two regional-indicator symbols ("GB" → 🇬🇧). */
export function flagOf(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

/**
 * Reads what a person typed or pasted (anything but digits is ignored). "+…" or "00…" is international:
 * its calling code picks the region (`current` when it shares the code; none when no region has it).
 * Otherwise the digits are national, in `current`, with a trunk prefix dropped when the rest has a
 * possible length ("07912 345678" in GB is 7912345678).
 */
export function parsePhone(
  text: string,
  current?: PhoneCountry,
): { country: PhoneCountry | undefined; national: string } {
  const international = /^\s*(\+|00)/.exec(text);
  let digits = text.replace(/\D/g, '');
  if (international) {
    if (international[1] == '00') digits = digits.slice(2);
    for (const size of [1, 2, 3]) {
      const matches = phoneCountries().filter((c) => c.dial == digits.slice(0, size));
      if (matches[0])
        return { country: matches.includes(current!) ? current : matches[0], national: digits.slice(size) };
    }
    return { country: undefined, national: digits };
  }
  const trunk = current?.trunk;
  if (
    current &&
    trunk &&
    digits.startsWith(trunk) &&
    !current.lengths.includes(digits.length) &&
    current.lengths.includes(digits.length - trunk.length)
  )
    digits = digits.slice(trunk.length);
  return { country: current, national: digits };
}

/** Why `national` is not a possible number of `country`, or undefined when it is. */
export function phoneProblem(country: PhoneCountry | undefined, national: string): PhoneProblem | undefined {
  if (!national) return 'empty';
  if (!country) return 'country';
  if (national.length < Math.min(...country.lengths)) return 'short';
  if (national.length > Math.max(...country.lengths)) return 'long';
  // a length between two possible ones (Germany: 10 or 11; Austria: 7 to 13) is short of the next one
  return country.lengths.includes(national.length) ? undefined : 'short';
}

/** The E.164 form: "+", calling code, national number. */
export function toE164(country: PhoneCountry, national: string): string {
  return `+${country.dial}${national}`;
}

/** National digits in groups of three, the last of up to five ("7912345678" → "791 234 5678"): generic, not per country. */
export function groupDigits(digits: string): string {
  return digits.replace(/\d{3}(?=\d{3})/g, '$& ');
}
