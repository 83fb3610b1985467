/**
 * The iOS project has no build-time hook that reads partner.json as Gradle does, so the partner
 * script writes the variant into it: bundle id, display name, the associated domain of the app
 * links (served as /.well-known/apple-app-site-association) and the Face ID reason.
 */
import fs from 'node:fs';
import path from 'node:path';

const setPlistString = (plist, key, value) => {
  const entry = new RegExp(`(<key>${key}</key>\\s*<string>)[^<]*(</string>)`);
  if (entry.test(plist)) return plist.replace(entry, `$1${value}$2`);
  return plist.replace(/<dict>/, `<dict>\n\t<key>${key}</key>\n\t<string>${value}</string>`);
};

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const applyIosVariant = (iosAppDir, variant) => {
  const pbxproj = path.join(iosAppDir, 'App.xcodeproj/project.pbxproj');
  let project = fs.readFileSync(pbxproj, 'utf8');
  project = project.replace(
    /PRODUCT_BUNDLE_IDENTIFIER = [^;]+;/g,
    `PRODUCT_BUNDLE_IDENTIFIER = ${variant.iosBundleId};`,
  );
  if (!project.includes('CODE_SIGN_ENTITLEMENTS')) {
    project = project.replace(
      /(\t+)(INFOPLIST_FILE = App\/Info\.plist;)/g,
      '$1CODE_SIGN_ENTITLEMENTS = App/App.entitlements;\n$1$2',
    );
  }
  fs.writeFileSync(pbxproj, project);

  const infoPlist = path.join(iosAppDir, 'App/Info.plist');
  let info = fs.readFileSync(infoPlist, 'utf8');
  info = setPlistString(info, 'CFBundleDisplayName', escapeXml(variant.appName));
  info = setPlistString(info, 'NSFaceIDUsageDescription', 'Melde dich mit Face ID an.');
  fs.writeFileSync(infoPlist, info);

  fs.writeFileSync(
    path.join(iosAppDir, 'App/App.entitlements'),
    `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>com.apple.developer.associated-domains</key>
\t<array>
\t\t<string>applinks:${variant.hostname}</string>
\t</array>
\t<key>aps-environment</key>
\t<string>production</string>
</dict>
</plist>
`,
  );
};
