import type { aboutSections, activities, dictDetails, faqs, news, partners, plans, programs } from '../schema/index';

type ActivityInsert = typeof activities.$inferInsert;
type ProgramSeed = Omit<typeof programs.$inferInsert, 'activityId'>;
type PlanSeed = Omit<typeof plans.$inferInsert, 'activityId'>;

const day = 86_400_000;
const at = (days: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + days * day);

const standardPrograms: ProgramSeed[] = [
  {
    nameZh: '机器人创意赛',
    nameEn: 'Robot Creativity',
    type: 0,
    maxMembers: 5,
    minAge: 6,
    maxAge: 18,
    introZh: '<p>围绕年度主题设计并搭建机器人作品，现场展示并答辩。</p>',
    introEn: '<p>Design and build a robot around the season theme, then present and defend it on site.</p>',
  },
  {
    nameZh: '技能相扑赛',
    nameEn: 'Skill-based Sumo',
    type: 0,
    maxMembers: 3,
    minAge: 8,
    maxAge: 18,
    introZh: '<p>两台机器人在擂台上对抗，将对手推出场地者得分。每队最多 3 人。</p>',
    introEn: '<p>Two robots push each other in a ring; pushing the opponent out scores. At most 3 members per team.</p>',
  },
  {
    nameZh: '女子消防机器人赛',
    nameEn: "Girls' Firefighting Robots",
    type: 1,
    maxMembers: 4,
    minAge: 8,
    maxAge: 18,
    gender: 'F',
    introZh: '<p>仅限女生参赛：机器人在迷宫中寻找并扑灭火源。</p>',
    introEn: '<p>For girls only: robots search a maze and put out the fire.</p>',
  },
  {
    nameZh: '无人机编程挑战',
    nameEn: 'Drone Programming Challenge',
    type: 1,
    maxMembers: 2,
    minAge: 10,
    maxAge: 18,
    introZh: '<p>编写程序让无人机自主完成飞行任务。</p>',
    introEn: '<p>Program a drone to complete flight missions on its own.</p>',
  },
];
const standardPlans: PlanSeed[] = [
  { nameZh: '标准报名（含参赛服）', nameEn: 'Standard entry (with team shirt)', priceFen: 98000 },
  { nameZh: '报名 + 食宿套餐', nameEn: 'Entry + board and lodging', priceFen: 268000 },
];
const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export function demoActivities(): (ActivityInsert & { programs: ProgramSeed[]; plans: PlanSeed[]; sizes: string[] })[] {
  const year = new Date().getUTCFullYear();
  return [
    {
      id: 545,
      nameZh: `${year - 1} 国际青少年机器人大赛（上海站）`,
      nameEn: `${year - 1} International Youth Robotics Competition (Shanghai)`,
      introZh: '往届赛事：选手头像需按参考图拍摄。',
      introEn: 'A past event: player photos follow a reference image.',
      venueZh: '上海世博展览馆',
      venueEn: 'Shanghai World Expo Exhibition Center',
      year: year - 1,
      level: 1,
      status: 4,
      beginTime: at(-300),
      finishTime: at(-297),
      signUpBegin: at(-400),
      signUpEnd: at(-320),
      avatarReferenceImage: true,
      programs: standardPrograms,
      plans: standardPlans,
      sizes,
    },
    {
      id: 568,
      nameZh: `${year} 亚洲总决赛（晋级赛）`,
      nameEn: `${year} Asian Finals (promotion round)`,
      introZh: '需审核的晋级赛：提交审核后由组委会审核，可选择晋级赛区并填写晋级队伍编码。',
      introEn: 'A reviewed promotion round: submissions are reviewed by the organisers; teams pick a promotion zone and enter their promotion team code.',
      venueZh: '新加坡博览中心',
      venueEn: 'Singapore EXPO',
      year,
      level: 2,
      status: 1,
      beginTime: at(75),
      finishTime: at(78),
      signUpBegin: at(-20),
      signUpEnd: at(45),
      reviewRequired: true,
      promotionZone: true,
      programs: standardPrograms.slice(0, 2),
      plans: standardPlans.slice(0, 1),
      sizes,
    },
    {
      id: 600,
      nameZh: `${year} 国际青少年机器人大赛（北京站）`,
      nameEn: `${year} International Youth Robotics Competition (Beijing)`,
      introZh: '本赛季开放报名的赛事，面向 6–18 岁青少年，设创意、相扑、消防与无人机项目。',
      introEn: 'This season’s open event for ages 6–18, with creativity, sumo, firefighting and drone programs.',
      venueZh: '北京国家会议中心',
      venueEn: 'China National Convention Center, Beijing',
      year,
      level: 1,
      status: 1,
      beginTime: at(60),
      finishTime: at(62),
      signUpBegin: at(-30),
      signUpEnd: at(40),
      playerLimit: 3000,
      programs: standardPrograms,
      plans: standardPlans,
      sizes,
    },
  ];
}

export function demoNews(): (typeof news.$inferInsert)[] {
  return [
    {
      titleZh: '本赛季报名正式开启',
      titleEn: 'Registration for the new season is open',
      summaryZh: '北京站报名现已开放，欢迎学校与家长为队伍和选手报名。',
      summaryEn: 'Registration for the Beijing event is open to schools and parents.',
      contentZh: '<p>北京站报名现已开放。请在“赛事报名”中创建队伍并添加选手。</p>',
      contentEn: '<p>Registration for the Beijing event is open. Create your team and add players under “Activity”.</p>',
      publishedAt: new Date(Date.now() - 2 * 86_400_000),
    },
    {
      titleZh: '亚洲总决赛晋级规则发布',
      titleEn: 'Promotion rules for the Asian Finals published',
      summaryZh: '晋级赛需提交审核，审核通过后方可参赛。',
      summaryEn: 'Promotion-round entries are reviewed before they can compete.',
      contentZh: '<p>晋级赛需提交审核，审核通过后方可参赛。</p>',
      contentEn: '<p>Promotion-round entries are reviewed before they can compete.</p>',
      publishedAt: new Date(Date.now() - 6 * 86_400_000),
    },
    {
      titleZh: '志愿者招募启动',
      titleEn: 'Volunteers wanted',
      summaryZh: '欢迎大学生志愿者加入赛事服务团队。',
      summaryEn: 'University students are welcome to join the event team as volunteers.',
      contentZh: '<p>欢迎大学生志愿者加入赛事服务团队。</p>',
      contentEn: '<p>University students are welcome to join the event team as volunteers.</p>',
      publishedAt: new Date(Date.now() - 12 * 86_400_000),
    },
  ];
}

export function demoFaqs(): (typeof faqs.$inferInsert)[] {
  return [
    {
      questionZh: '如何为孩子报名？',
      questionEn: 'How do I register my child?',
      answerZh: '注册并登录后，进入“赛事报名”，创建队伍并添加选手，再兑换报名码即可完成报名。',
      answerEn: 'Register and log in, open “Activity”, create a team, add players and redeem a registration code.',
      sort: 1,
    },
    {
      questionZh: '报名码从哪里获得？',
      questionEn: 'Where do I get a registration code?',
      answerZh: '报名码可在线购买，或由学校、渠道合作方发放。',
      answerEn: 'Buy codes online or get them from your school or channel partner.',
      sort: 2,
    },
    {
      questionZh: '可以退赛吗？',
      questionEn: 'Can we withdraw?',
      answerZh: '可以。赛前 30 天及以上申请退赛退还 99.4%，20–29 天 50%，10–19 天 30%，9 天内不退款。',
      answerEn: 'Yes. 30+ days before the event: 99.4 % back; 20–29 days: 50 %; 10–19 days: 30 %; within 9 days: none.',
      sort: 3,
    },
    {
      questionZh: '发票多久可以开具？',
      questionEn: 'When will I get an invoice?',
      answerZh: '申请后 7 个工作日内开具。',
      answerEn: 'Within 7 working days of your request.',
      sort: 4,
    },
  ];
}

export function demoPartners(): (typeof partners.$inferInsert)[] {
  return [
    {
      nameZh: '未来科技教育',
      nameEn: 'Future Tech Education',
      descriptionZh: '机器人教育课程合作伙伴',
      descriptionEn: 'Robotics curriculum partner',
      url: 'https://example.org',
      type: 1,
      sort: 1,
    },
    { nameZh: '星辰机器人', nameEn: 'Stellar Robotics', descriptionZh: '比赛器材赞助商', descriptionEn: 'Competition equipment sponsor', type: 1, sort: 2 },
    { nameZh: '青少年科创联盟', nameEn: 'Youth Innovation Alliance', descriptionZh: '生态合作伙伴', descriptionEn: 'Ecology partner', type: 2, sort: 3 },
    { nameZh: '开源硬件社区', nameEn: 'Open Hardware Community', descriptionZh: '生态合作伙伴', descriptionEn: 'Ecology partner', type: 2, sort: 4 },
  ];
}

export function demoAbout(): (typeof aboutSections.$inferInsert)[] {
  return [
    {
      titleZh: '关于大赛',
      titleEn: 'About the competition',
      contentZh: '<p>国际青少年机器人大赛是面向 6–18 岁青少年的国际性科技赛事，每年在亚洲多个城市举办分站赛与总决赛。</p>',
      contentEn:
        '<p>The International Youth Robotics Competition is an international event for young people aged 6–18, with regional rounds and finals in cities across Asia every year.</p>',
      sort: 1,
    },
    {
      titleZh: '我们的使命',
      titleEn: 'Our mission',
      contentZh: '<p>让每个孩子都能动手创造，在合作与挑战中成长。</p>',
      contentEn: '<p>Let every child build things with their own hands and grow through teamwork and challenge.</p>',
      sort: 2,
    },
  ];
}

export function demoDictionary(): (typeof dictDetails.$inferInsert)[] {
  const year = new Date().getUTCFullYear();
  return [
    { dictName: 'highlights_status', value: String(year), labelZh: `${year} 赛季`, labelEn: `${year} season`, sort: 1 },
    { dictName: 'highlights_status', value: String(year - 1), labelZh: `${year - 1} 赛季`, labelEn: `${year - 1} season`, sort: 2 },
    // The one place for contact details (footer and about page); editable in the admin dictionary.
    {
      dictName: 'site_contact',
      value: 'address',
      labelZh: '北京市海淀区中关村大街 1 号科技大厦 8 层',
      labelEn: '8F Science & Technology Building, 1 Zhongguancun Street, Haidian District, Beijing',
      sort: 1,
    },
    { dictName: 'site_contact', value: 'phone', labelZh: '010-8888 6666', labelEn: '+86 10 8888 6666', sort: 2 },
    { dictName: 'site_contact', value: 'email', labelZh: 'contact@robotics-competition.example', labelEn: 'contact@robotics-competition.example', sort: 3 },
    { dictName: 'site_contact', value: 'hours', labelZh: '周一至周五 9:00–18:00（北京时间）', labelEn: 'Monday to Friday, 9:00–18:00 (Beijing time)', sort: 4 },
  ];
}
