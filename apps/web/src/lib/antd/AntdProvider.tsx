import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { currentLang, type AppLang } from '../i18n';
import { wrapDialogTab } from './dialog-focus';

/**
 * antd's ConfigProvider with the antd and dayjs locale following the app language. Imported only by
 * lazy chunks (portal, admin): antd never reaches the public first load.
 */
const ANTD_LOCALES = { zh: zhCN, en: enUS } as const;
const DAYJS_LOCALES: Record<AppLang, string> = { zh: 'zh-cn', en: 'en' };

export const brandTheme = {
  token: {
    colorPrimary: '#1f4e9c',
    colorLink: '#1f4e9c',
    // antd derives the link's hover shade lighter (#5e85b5, 3.8:1 on white); a pointer on a link keeps it readable.
    colorLinkHover: '#163b78',
    // antd's default secondary texts (45% black) fall below 4.5:1; these pass WCAG AA on white and grey.
    colorTextDescription: '#595f6b',
    colorTextSecondary: '#4a5568',
    colorTextTertiary: '#595f6b',
    // Placeholders (25% black) and the danger red (#ff4d4f, 3.3:1) fail 4.5:1 too: select placeholders and
    // delete buttons were the admin's only axe findings. theme-contrast.test.ts checks every derived shade.
    colorTextPlaceholder: '#626975',
    // Filled status tags write the status colour on its pale background: antd's defaults give 1.8:1
    // (warning) to 3.6:1 (success). Darker seeds reach 4.5:1; the pale backgrounds and borders are pinned,
    // because antd derives grey-brown ones from dark seeds.
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorTextHover: '#a8071a',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    // "processing" tags and info alerts: antd's blue (#1677ff) is 3.7:1 on its pale blue; the brand blue passes.
    colorInfo: '#1f4e9c',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', Roboto, sans-serif",
  },
  components: {
    // The empty-table text is drawn in the disabled grey (1.8:1); it is content, not a disabled control.
    Table: { colorTextDisabled: '#595f6b' },
  },
};

export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = currentLang();
  // Set synchronously so the first render already formats dates in the right language.
  if (dayjs.locale() !== DAYJS_LOCALES[lang]) dayjs.locale(DAYJS_LOCALES[lang]);
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[lang]);
  }, [lang, i18n.language]);
  // Tab stays inside an open modal dialog at its ends (dialog-focus.ts); after React's own handlers, which may take the key
  useEffect(() => {
    window.addEventListener('keydown', wrapDialogTab);
    return () => window.removeEventListener('keydown', wrapDialogTab);
  }, []);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={brandTheme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
