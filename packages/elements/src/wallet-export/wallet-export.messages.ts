/**
 * The English messages of `<pay-wallet-export>`: built in, registered when the element's module loads, so a
 * page ships only the English of the elements it uses. Other locales translate every key
 * (`translations/<locale>.ts`, typed by `Messages`).
 */
export const walletExportMessages = {
  'export.warning':
    'Your recovery phrase gives full control of your wallet. Never share it with anyone, including support.',
  'export.confirm': 'I understand anyone with these words controls the wallet',
  'export.start': 'Export recovery phrase',
  'export.exporting': 'Preparing your recovery phrase…',
  'export.processing': 'Still preparing. This can take a moment…',
  'export.progressLabel': 'Export progress',
  'export.ready': 'Your recovery phrase is ready. It stays hidden until you press Reveal.',
  'export.gridLabel': 'Recovery phrase, {n} words',
  'export.hiddenWord': 'hidden',
  'export.reveal': 'Reveal',
  'export.hide': 'Hide',
  'export.revealed': 'Recovery phrase shown. Make sure nobody can see your screen.',
  'export.concealed': 'Recovery phrase hidden.',
  'export.copy': 'Copy',
  'export.copied': 'Copied. Store it somewhere safe, then clear your clipboard.',
  'export.copyFailed': 'Couldn’t copy. Reveal the words and write them down instead.',
  'export.close': 'Done',
  'export.hidesIn': 'Hides automatically in {n} s',
  'export.closed.closed': 'Your recovery phrase was removed from this page.',
  'export.closed.timeout': 'Your recovery phrase was removed from this page after a while, for your safety.',
  'export.closed.hidden': 'Your recovery phrase was removed because you left the page.',
  'export.again': 'Start again',
} as const;

declare module '../shared/i18n.js' {
  interface PayMessages extends Record<keyof typeof walletExportMessages, string> {}
}
