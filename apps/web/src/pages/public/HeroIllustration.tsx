import { CheckCircleFilled } from '@ant-design/icons';

/** The landing hero picture: the writing workspace drawn in HTML/SVG (no image requests). */
export function HeroIllustration() {
  return (
    <div className="bs-illu" aria-hidden="true">
      <div className="bs-illu__window">
        <div className="bs-illu__bar">
          <i />
          <i />
          <i />
          标书写作 · 智慧园区综合管理平台建设项目（技术标）
        </div>
        <div className="bs-illu__body">
          <div className="bs-illu__tree">
            <div>
              <span className="bs-dot bs-dot--done" />
              第一章 项目理解
            </div>
            <div className="lv2">
              <span className="bs-dot bs-dot--done" />
              1.1 项目背景
            </div>
            <div className="lv2">
              <span className="bs-dot bs-dot--done" />
              1.2 建设目标
            </div>
            <div>
              <span className="bs-dot bs-dot--done" />
              第二章 总体方案
            </div>
            <div className="lv2 on">
              <span className="bs-dot bs-dot--writing" />
              2.1 系统架构设计
            </div>
            <div className="lv2">
              <span className="bs-dot" />
              2.2 功能设计
            </div>
            <div>
              <span className="bs-dot" />
              第三章 实施计划
            </div>
            <div>
              <span className="bs-dot" />
              第四章 质量保障
            </div>
            <div>
              <span className="bs-dot" />
              第五章 售后服务
            </div>
          </div>
          <div className="bs-illu__doc">
            <h5>2.1 系统架构设计</h5>
            <div className="bs-line" style={{ width: '96%' }} />
            <div className="bs-line" style={{ width: '88%' }} />
            <div className="bs-line" style={{ width: '92%' }} />
            <div className="bs-line bs-line--typing" />
            <svg className="bs-illu__flow" viewBox="0 0 320 96">
              <g fontSize="10" textAnchor="middle" fontFamily="inherit">
                <rect x="4" y="30" width="76" height="34" rx="8" fill="#eff4ff" stroke="#93b4ff" />
                <text x="42" y="51" fill="#1d4ed8">
                  感知层
                </text>
                <rect x="122" y="30" width="76" height="34" rx="8" fill="#eff4ff" stroke="#93b4ff" />
                <text x="160" y="51" fill="#1d4ed8">
                  平台层
                </text>
                <rect x="240" y="30" width="76" height="34" rx="8" fill="#1d4ed8" />
                <text x="278" y="51" fill="#fff">
                  应用层
                </text>
                <path d="M80 47h38M198 47h38" stroke="#93b4ff" strokeWidth="2" markerEnd="url(#bs-arrow)" />
              </g>
              <defs>
                <marker
                  id="bs-arrow"
                  viewBox="0 0 8 8"
                  refX="7"
                  refY="4"
                  markerWidth="6"
                  markerHeight="6"
                  orient="auto"
                >
                  <path d="M0 0L8 4L0 8z" fill="#93b4ff" />
                </marker>
              </defs>
            </svg>
            <div className="bs-line" style={{ width: '90%', marginTop: 10 }} />
            <div className="bs-line" style={{ width: '64%' }} />
          </div>
        </div>
      </div>
      <div className="bs-illu__card bs-illu__card--score">
        <CheckCircleFilled style={{ color: '#16a34a', fontSize: 28 }} />
        <div>
          <strong>评分点覆盖 18 / 18</strong>
          <span>技术评分项全部有章节回应</span>
        </div>
      </div>
      <div className="bs-illu__card bs-illu__card--word">
        <div className="bs-word-icon">W</div>
        <div>
          <strong>投标文件.docx</strong>
          <span>已按模板排版 · 126 页</span>
        </div>
      </div>
    </div>
  );
}
