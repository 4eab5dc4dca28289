import type { Db } from '../client';
import { policyVersions } from '../schema/index';

/**
 * The first version of the privacy policy and of the rules for children's personal information (issue 37),
 * written when a site has none of a kind (first boot); staff publish later versions in the admin. The texts
 * name no organiser: the footer shows the operator and the contact of the person in charge from the
 * configuration (OPERATOR_NAME, PI_PROTECTION_CONTACT).
 */
const PRIVACY_ZH = `
<p>本政策说明本网站（青少年机器人大赛官网、会员中心及管理后台）的运营者（下称“我们”）在您注册账号、为选手报名、购票、申请志愿者等过程中，处理哪些个人信息、为什么处理、保存多久，以及您享有的权利。我们依据《中华人民共和国个人信息保护法》《儿童个人信息网络保护规定》等法律法规处理个人信息。运营者名称及个人信息保护负责人的联系方式见页面底部。</p>
<h2>一、我们收集的信息及目的</h2>
<ul>
<li><strong>账号信息</strong>：手机号、昵称、登录密码（仅保存不可逆的摘要）、语言偏好；用于登录、找回密码和发送通知。</li>
<li><strong>选手报名信息</strong>：姓名、证件类型及号码、出生日期、性别、学校、照片、紧急联系人姓名和电话、参赛项目与队伍；用于报名资格审核（年龄、组别）、赛事现场身份核验、成绩与证书。</li>
<li><strong>带队老师与机构信息</strong>：姓名、电话、所在单位；用于赛事联络。</li>
<li><strong>订单与发票信息</strong>：订单、支付结果、退款、发票抬头与税号；用于收费、退款和依法记账。</li>
<li><strong>志愿者与观众信息</strong>：姓名、电话、出生日期、简历（志愿者），购票人的手机号；用于志愿者招募和入场核验。</li>
<li><strong>技术信息</strong>：访问时间、IP 地址、浏览器类型；用于安全防护（如限制频繁请求）和故障排查。</li>
</ul>
<p>证件号码、未满 14 周岁儿童的个人信息属于敏感个人信息，我们只在报名和参赛所必需的范围内处理，并取得您的单独同意；儿童的信息另见《儿童个人信息保护规则》。</p>
<h2>二、我们如何使用和共享</h2>
<p>我们只为上述目的使用个人信息，不出售个人信息，不用于与赛事无关的营销。以下情形会向第三方提供必要的信息：支付机构（微信支付、支付宝）完成付款和退款；短信服务商发送验证码和通知；税务发票服务开具发票。向赛事合作方提供信息前，我们会告知您接收方、目的和信息种类，并另行取得您的同意。</p>
<h2>三、存储与保存期限</h2>
<p>个人信息存储在中华人民共和国境内。证件号码加密存储，列表中只显示部分号码。每个活动结束后，参赛者的信息在该活动设定的保存期限（默认 180 天）届满后匿名化：删除证件号码、照片和监护人信息，出生日期只保留年份，手机号只保留部分号码。法律要求保存的订单、发票和账务记录在去除可识别身份的部分后依法保存；证书保留持有人姓名和编号以便查验。</p>
<h2>四、您的权利</h2>
<p>您可以在会员中心查阅、复制、更正您和您所报名选手的信息，撤回同意，或申请注销账号。注销后我们将按上述方式删除或匿名化您的信息（法律要求保存的除外），且不可恢复。其他请求可通过页面底部的联系方式提出，我们将在 15 个工作日内答复。</p>
<h2>五、安全</h2>
<p>我们采用传输加密、证件号码加密存储、按岗位授权和操作日志等措施保护个人信息。查看儿童完整证件号码或照片需要专门权限并被记录。如发生个人信息安全事件，我们将及时告知受影响的个人并向主管部门报告。</p>
<h2>六、政策的更新</h2>
<p>本政策更新时，我们会发布新版本并注明生效日期，以往各版本仍可在本页查阅。注册账号时记录您同意的版本。</p>
`;

const PRIVACY_EN = `
<p>This policy explains which personal information the operator of this site (the Youth Robotics Competition website, member centre and administration; "we") processes when you create an account, register players, buy tickets or apply to volunteer, why, for how long, and what your rights are. We process personal information under the Personal Information Protection Law of the People's Republic of China and the Provisions on the Cyber Protection of Children's Personal Information. The operator's name and the contact of the person in charge of personal-information protection are at the foot of every page.</p>
<h2>1. What we collect and why</h2>
<ul>
<li><strong>Account</strong>: mobile number, nickname, password (only an irreversible hash is kept), language; to sign you in, reset your password and send you notices.</li>
<li><strong>Players</strong>: name, ID document type and number, birth date, gender, school, photo, emergency contact's name and phone, programme and team; to check eligibility (age, category), to check identity at the venue, and for results and certificates.</li>
<li><strong>Team leaders and organisations</strong>: name, phone, employer; to contact you about the event.</li>
<li><strong>Orders and invoices</strong>: orders, payment results, refunds, invoice title and tax number; to charge and refund fees and keep the accounts the law requires.</li>
<li><strong>Volunteers and visitors</strong>: name, phone, birth date, CV (volunteers), the buyer's mobile number (tickets); to recruit volunteers and admit visitors.</li>
<li><strong>Technical data</strong>: time of access, IP address, browser; for security (such as limiting repeated requests) and fixing faults.</li>
</ul>
<p>ID numbers and the information of children under 14 are sensitive personal information: we process them only as far as registration and taking part require, with your separate consent. For children, see also the rules for children's personal information.</p>
<h2>2. How we use and share it</h2>
<p>We use personal information only for the purposes above; we do not sell it or use it for marketing unrelated to the competition. We give third parties only what they need: payment providers (WeChat Pay, Alipay) to take payments and make refunds; our SMS provider to send codes and notices; the tax invoicing service to issue invoices. Before giving information to an event partner we tell you who receives it, why and what, and ask for your separate consent.</p>
<h2>3. Where and how long we keep it</h2>
<p>Personal information is stored in mainland China. ID numbers are stored encrypted and lists show them masked. After each activity ends, its participants' information is anonymised when the activity's retention period (180 days unless set otherwise) has passed: ID numbers, photos and guardian details are deleted, birth dates cut to the year and phone numbers masked. Orders, invoices and accounting records the law requires us to keep are kept without the identifying parts; a certificate keeps its holder's name and number so that it can still be verified.</p>
<h2>4. Your rights</h2>
<p>In the member centre you can see, copy and correct the information about you and the players you registered, withdraw consent, and ask for your account to be deleted. Deletion removes or anonymises your information as above (except what the law requires us to keep) and cannot be undone. For anything else, use the contact at the foot of the page; we answer within 15 working days.</p>
<h2>5. Security</h2>
<p>We protect personal information with encrypted connections, encrypted ID numbers, access by role and logs of operations. Viewing a child's full ID number or photo needs its own permission and is logged. If a personal-information security incident happens, we tell the people affected promptly and report it to the authorities.</p>
<h2>6. Changes</h2>
<p>When this policy changes we publish a new version with the date it takes effect; earlier versions stay readable on this page. When you create an account we record which version you accepted.</p>
`;

const CHILDREN_ZH = `
<p>本规则专门适用于未满 14 周岁儿童（下称“儿童”）的个人信息，依据《个人信息保护法》第二十八条、第三十一条和《儿童个人信息网络保护规定》（2019 年）制定，是《隐私政策》的组成部分。我们设有儿童个人信息保护负责人，联系方式见页面底部。</p>
<h2>一、监护人同意</h2>
<p>为儿童报名前，须取得其父母或其他监护人的单独同意。同意有两种方式：账号持有人声明本人是儿童的父母或其他监护人并同意本规则；或由教练填写监护人的手机号，监护人通过短信中的链接查看我们持有的儿童信息（部分隐藏）后选择同意或拒绝。我们记录同意人、与儿童的关系、手机号、所同意的规则版本、时间和网络地址。未取得同意时，儿童的信息仅作为报名草稿保存，不会被审核通过、缴费或使用报名码。</p>
<h2>二、我们收集的儿童信息</h2>
<p>姓名、证件号码、出生日期、性别、学校、照片，以及紧急联系人和监护人的姓名、电话。我们只收集报名资格审核、现场身份核验和颁发证书所必需的信息，不收集与赛事无关的信息。</p>
<h2>三、使用、存储与访问</h2>
<ul>
<li>只用于本次赛事的报名、参赛、成绩和证书，不用于商业营销，不向第三方出售。</li>
<li>证件号码加密存储；工作人员按最小必要原则授权，查看儿童完整证件号码或照片需要专门权限，每次查看都被记录（谁、查看了谁、何时、为何）。</li>
<li>活动结束后超过保存期限（默认 180 天），或监护人撤回同意后，我们删除或匿名化儿童的个人信息（法律要求保存的除外）。</li>
<li>委托第三方处理或向第三方提供儿童信息前，我们会进行安全评估，并再次取得监护人同意。</li>
</ul>
<h2>四、监护人的权利</h2>
<p>监护人可以查阅、复制、更正、删除儿童的个人信息，并可随时撤回同意：打开原短信链接选择“撤回同意”，或联系儿童个人信息保护负责人。撤回同意不影响撤回前基于同意已进行的处理。</p>
<h2>五、安全事件与合规审计</h2>
<p>发生或可能发生儿童个人信息泄露、毁损、丢失的，我们将立即采取补救措施，及时告知受影响的儿童及其监护人，并向主管部门报告。我们每年对处理未成年人个人信息的情况进行合规审计，并按规定报送审计情况。</p>
<h2>六、规则的更新</h2>
<p>本规则更新时发布新版本并注明生效日期，以往各版本仍可在本页查阅；监护人同意时记录其同意的版本。</p>
`;

const CHILDREN_EN = `
<p>These rules apply to the personal information of children under 14 ("children"). They follow articles 28 and 31 of the Personal Information Protection Law and the 2019 Provisions on the Cyber Protection of Children's Personal Information, and are part of our privacy policy. We have a person in charge of protecting children's personal information; their contact is at the foot of every page.</p>
<h2>1. A guardian's consent</h2>
<p>Before a child is registered, a parent or other guardian must give separate consent, in one of two ways: the account holder declares that they are the child's parent or other guardian and agrees to these rules; or the coach enters a guardian's mobile number and the guardian, through the link in a text message, sees what we hold about the child (partly hidden) and chooses to consent or refuse. We record who consented, their relationship to the child, their phone, the version of these rules, the time and the network address. Without consent a child's information is kept only as a draft registration: it is not passed, paid for or given a code.</p>
<h2>2. What we collect about children</h2>
<p>Name, ID number, birth date, gender, school and photo, and the names and phones of the emergency contact and the guardian. We collect only what checking eligibility, checking identity at the venue and issuing certificates require, and nothing unrelated to the competition.</p>
<h2>3. Use, storage and access</h2>
<ul>
<li>Used only for registering and taking part in the event, results and certificates; never for commercial marketing, never sold.</li>
<li>ID numbers are stored encrypted. Staff get the least access they need: viewing a child's full ID number or photo needs its own permission, and every view is logged (who, whose, when, why).</li>
<li>When the retention period after the activity (180 days unless set otherwise) has passed, or when the guardian withdraws consent, we delete or anonymise the child's personal information (except what the law requires us to keep).</li>
<li>Before another party processes children's information for us or receives it, we assess its security and ask the guardian's consent again.</li>
</ul>
<h2>4. Guardians' rights</h2>
<p>Guardians may see, copy, correct and delete their child's personal information, and may withdraw consent at any time: open the original text message link and choose "Withdraw consent", or contact the person in charge. Withdrawing does not undo what was done with the consent before.</p>
<h2>5. Incidents and the yearly audit</h2>
<p>If children's personal information is or may be leaked, damaged or lost, we act at once to limit the harm, tell the children and guardians affected promptly, and report to the authorities. Every year we audit how we process minors' personal information and report as the rules require.</p>
<h2>6. Changes</h2>
<p>When these rules change we publish a new version with the date it takes effect; earlier versions stay readable on this page. A guardian's consent records the version they agreed to.</p>
`;

export const FIRST_POLICIES = [
  { kind: 'privacy', titleZh: '隐私政策', titleEn: 'Privacy policy', bodyZh: PRIVACY_ZH.trim(), bodyEn: PRIVACY_EN.trim() },
  {
    kind: 'children',
    titleZh: '儿童个人信息保护规则',
    titleEn: "Rules for children's personal information",
    bodyZh: CHILDREN_ZH.trim(),
    bodyEn: CHILDREN_EN.trim(),
  },
] as const;

/** Version 1 of each policy a site has none of (instances starting together: the unique (kind, version) keeps one). */
export async function ensurePolicies(db: Db, effectiveAt = new Date()): Promise<void> {
  for (const p of FIRST_POLICIES) {
    await db
      .insert(policyVersions)
      .values({ ...p, version: 1, effectiveAt })
      .onConflictDoNothing();
  }
}
