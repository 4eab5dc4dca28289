import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Input, Popover, Space, Tooltip, Typography } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  EditOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import s from './RichTextEditor.module.css';

export interface RichTextEditorProps {
  id?: string;
  /** accessible name of the editing area (the field's label) */
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}

/** Tiptap's empty document; the form and the server treat it as "no text". */
const EMPTY = '<p></p>';
const toWire = (html: string) => (html === EMPTY ? '' : html);

/**
 * The admin's rich-text editor (Tiptap, its own lazy chunk: loaded only when a form with rich text
 * opens). Only a user's edit reports a change, so a stored text the editor cannot represent (a table,
 * say) stays untouched until someone edits it; "HTML" switches to the source for such texts. The server
 * sanitises whatever arrives (lib/sanitize.ts).
 */
export default function RichTextEditor({ id, label, value, onChange, disabled }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { target: null, rel: null } },
        // no paragraph appended to a text that ends in a list or quote: loading must not change the text
        trailingNode: false,
      }),
      // inline, so a stored <p><img></p> stays one paragraph
      Image.configure({ inline: true }),
    ],
    content: value || '',
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: s.content!,
      },
    },
    // a transaction that leaves the HTML as it was (set-up, selection) is not a change of the field
    onUpdate: ({ editor: e }) => {
      const html = toWire(e.getHTML());
      if (html !== valueRef.current) onChangeRef.current(html);
    },
  });

  // A value set from outside (form reset, source mode) replaces the document without reporting back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (toWire(editor.getHTML()) !== value) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div className={s.editor}>
      <Toolbar editor={editor} source={source} setSource={setSource} disabled={disabled} label={label} />
      {source ? (
        <Input.TextArea
          aria-label={t('admin:editor.sourceLabel', { label })}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          autoSize={{ minRows: 8, maxRows: 24 }}
          className={s.source}
        />
      ) : null}
      {/* kept mounted in source mode (hidden), so the editor keeps its undo history */}
      <div hidden={source}>
        <EditorContent editor={editor} />
      </div>
      {source ? (
        <Typography.Text type="secondary" className={s.help}>
          {t('admin:form.richTextHelp')}
        </Typography.Text>
      ) : null}
    </div>
  );
}

interface ToolState {
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  bullet: boolean;
  ordered: boolean;
  quote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function Toolbar({
  editor,
  source,
  setSource,
  disabled,
  label,
}: {
  editor: Editor | null;
  source: boolean;
  setSource: (v: boolean) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const state = useEditorState<ToolState | null>({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  const off = disabled || !editor || source;
  const run = (fn: (e: Editor) => void) => () => {
    if (editor) fn(editor);
  };

  return (
    <div role="toolbar" aria-label={t('admin:editor.toolbar', { label })} className={s.toolbar}>
      <Space size={2} wrap>
        <Tool label={t('admin:editor.heading2')} pressed={state?.h2} disabled={off} onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}>
          <span className={s.glyph}>H2</span>
        </Tool>
        <Tool label={t('admin:editor.heading3')} pressed={state?.h3} disabled={off} onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}>
          <span className={s.glyph}>H3</span>
        </Tool>
        <span className={s.sep} aria-hidden="true" />
        <Tool label={t('admin:editor.bold')} shortcut="Ctrl+B" pressed={state?.bold} disabled={off} onClick={run((e) => e.chain().focus().toggleBold().run())}>
          <BoldOutlined />
        </Tool>
        <Tool
          label={t('admin:editor.italic')}
          shortcut="Ctrl+I"
          pressed={state?.italic}
          disabled={off}
          onClick={run((e) => e.chain().focus().toggleItalic().run())}
        >
          <ItalicOutlined />
        </Tool>
        <LinkTool editor={editor} active={!!state?.link} disabled={off} />
        <span className={s.sep} aria-hidden="true" />
        <Tool label={t('admin:editor.bulletList')} pressed={state?.bullet} disabled={off} onClick={run((e) => e.chain().focus().toggleBulletList().run())}>
          <UnorderedListOutlined />
        </Tool>
        <Tool label={t('admin:editor.orderedList')} pressed={state?.ordered} disabled={off} onClick={run((e) => e.chain().focus().toggleOrderedList().run())}>
          <OrderedListOutlined />
        </Tool>
        <Tool label={t('admin:editor.quote')} pressed={state?.quote} disabled={off} onClick={run((e) => e.chain().focus().toggleBlockquote().run())}>
          <span className={s.glyph} aria-hidden="true">
            “
          </span>
        </Tool>
        <span className={s.sep} aria-hidden="true" />
        <Tool label={t('admin:editor.undo')} shortcut="Ctrl+Z" disabled={off || !state?.canUndo} onClick={run((e) => e.chain().focus().undo().run())}>
          <UndoOutlined />
        </Tool>
        <Tool label={t('admin:editor.redo')} shortcut="Ctrl+Shift+Z" disabled={off || !state?.canRedo} onClick={run((e) => e.chain().focus().redo().run())}>
          <RedoOutlined />
        </Tool>
        <span className={s.sep} aria-hidden="true" />
        <Tool
          label={source ? t('admin:editor.visual') : t('admin:editor.source')}
          pressed={source}
          disabled={disabled || !editor}
          onClick={() => setSource(!source)}
        >
          {source ? <EditOutlined /> : <CodeOutlined />}
        </Tool>
      </Space>
    </div>
  );
}

function Tool({
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={shortcut ? `${label} (${shortcut})` : label}>
      <Button
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        size="small"
        aria-label={label}
        aria-pressed={pressed === undefined ? undefined : pressed}
        disabled={disabled}
        // keep the editor's selection: the click must not move focus before the command runs
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        className={s.tool}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** Link: a small popover asking for the address; an empty address removes the link. */
function LinkTool({ editor, active, disabled }: { editor: Editor | null; active: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    if (!editor) return;
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url) chain.unsetLink().run();
    else chain.setLink({ href: /^(https?:|mailto:|tel:|\/)/i.test(url) ? url : `https://${url}` }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        if (o && editor) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
        setOpen(o);
      }}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            autoFocus
            aria-label={t('admin:editor.linkUrl')}
            placeholder="https://"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              apply();
            }}
            style={{ width: 240 }}
          />
          <Button type="primary" onClick={apply}>
            {t('admin:editor.linkApply')}
          </Button>
        </Space.Compact>
      }
    >
      <span>
        <Tool label={t('admin:editor.link')} pressed={active} disabled={disabled} onClick={() => undefined}>
          <LinkOutlined />
        </Tool>
      </span>
    </Popover>
  );
}
