/**
 * The English messages of `<pay-beneficial-owners>` (it also uses `<pay-kyc>`'s field labels, which it
 * registers too): built in, registered when the element's module loads.
 */
export const beneficialOwnersMessages = {
  'kyc.badge.UNVERIFIED': 'Not verified',
  'kyc.badge.PENDING': 'In review',
  'kyc.badge.APPROVED': 'Verified',
  'kyc.badge.REJECTED': 'Not accepted',
  'kyc.f.firstName': 'First name',
  'kyc.f.lastName': 'Last name',
  'kyc.f.idType': 'ID type',
  'kyc.f.identifier': 'ID number',
  'kyc.f.ownershipPercentage': 'Ownership (%)',
  'kyc.f.role': 'Role',
  'kyc.role.UBO': 'Owner (25% or more)',
  'kyc.role.CONTROL_PERSON': 'Control person',
  'kyc.role.DIRECTOR': 'Director',
  'kyc.idType.SSN': 'SSN',
  'kyc.idType.ITIN': 'ITIN',
  'kyc.idType.NON_US_TAX_ID': 'Non-US tax ID',
  'kyc.owners.intro': 'Add everyone who owns 25% or more of the business, and one person who controls it.',
  'kyc.owners.add': 'Add a person',
  'kyc.owners.save': 'Save person',
  'kyc.owners.below25': 'Owners under 25% don’t need to be added.',
  'kyc.owners.item': '{name}, {percent}%',
  'kyc.owners.added': '{name} was added.',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof beneficialOwnersMessages, string> {}
}
