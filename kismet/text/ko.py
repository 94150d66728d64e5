"""The Korean message catalogue: the same keys as ``kismet.text.en.EN``, box names from the
rules page."""

from __future__ import annotations

KO: dict[str, str] = {
    "box.ones": "에이스",
    "box.twos": "듀스",
    "box.threes": "트레이",
    "box.fours": "포",
    "box.fives": "파이브",
    "box.sixes": "식스",
    "box.two_pair_same_color": "같은 색 투 페어",
    "box.three_of_a_kind": "스리 오브 어 카인드",
    "box.straight": "스트레이트",
    "box.flush": "플러시",
    "box.full_house": "풀 하우스",
    "box.full_house_same_color": "같은 색 풀 하우스",
    "box.four_of_a_kind": "포 오브 어 카인드",
    "box.yarborough": "야버러",
    "box.kismet": "키스멧",
    "section.basic": "기본 섹션",
    "section.kismet": "키스멧 섹션",
    "rule.ones": "1의 눈만 더함",
    "rule.twos": "2의 눈만 더함",
    "rule.threes": "3의 눈만 더함",
    "rule.fours": "4의 눈만 더함",
    "rule.fives": "5의 눈만 더함",
    "rule.sixes": "6의 눈만 더함",
    "rule.two_pair_same_color": "같은 색 두 쌍: 주사위 합계",
    "rule.three_of_a_kind": "같은 눈 셋: 주사위 합계",
    "rule.straight": "1-2-3-4-5 또는 2-3-4-5-6: 30",
    "rule.flush": "다섯 개 모두 같은 색: 35",
    "rule.full_house": "같은 눈 셋과 한 쌍: 합계 + 15",
    "rule.full_house_same_color": "같은 색의 풀 하우스: 합계 + 20",
    "rule.four_of_a_kind": "같은 눈 넷: 합계 + 25",
    "rule.yarborough": "아무 조합: 주사위 합계",
    "rule.kismet": "같은 눈 다섯: 합계 + 50",
    "sheet.basic_subtotal": "기본 소계",
    "sheet.bonus": "보너스",
    "sheet.bonus_rule": "63-70: 35, 71-77: 55, 78 이상: 75",
    "sheet.kismet_subtotal": "키스멧 소계",
    "sheet.chance_label": "이길 확률",
    "sheet.grand_total": "총점",
    "color.black": "검은색",
    "color.red": "빨간색",
    "color.green": "초록색",
    "face.1": "일",
    "face.2": "이",
    "face.3": "삼",
    "face.4": "사",
    "face.5": "오",
    "face.6": "육",
    "die.label": "주사위 {number}",
    "die.label_face": "주사위 {number}: {face}, {color}",
    "app.title": "키스멧",
    "app.tagline": "요트의 현대판 주사위 게임",
    "app.loading": "게임을 불러오는 중…",
    "app.starting": "게임을 시작하는 중…",
    "app.file_protocol": (
        "키스멧은 디스크의 파일로는 시작할 수 없습니다. 브라우저는 file:// 주소에서 파이썬을 "
        "실행하지 않습니다. 폴더를 HTTP로 제공하거나 (python3 build.py serve) 호스팅된 페이지를 "
        "여세요."
    ),
    "app.no_script": (
        "키스멧은 자바스크립트가 필요합니다. 페이지 안에서 Pyodide로 파이썬을 실행합니다."
    ),
    "app.roll": "굴리기",
    "app.roll_queued": "게임이 준비되면 바로 굴립니다…",
    "app.rolls_left": "{count}번 남음",
    "app.new_game": "새 게임",
    "app.help": "규칙",
    "app.scores": "최고 점수",
    "app.dice": "주사위",
    "app.sheet": "점수표",
    "app.close": "닫기",
    "app.colorblind": "색 모양 표시",
    "app.language": "언어",
    "app.settings": "설정",
    "lang.en": "English",
    "lang.ko": "한국어",
    "app.update_ready": "키스멧 새 버전이 준비되었습니다. 진행 중인 게임은 그대로 남습니다.",
    "app.update_reload": "새로 고침",
    "app.print": "인쇄",
    "app.mode_sheet": "실제 주사위",
    "app.enter_roll": "입력",
    "app.entry_label": "나온 눈",
    "app.entry_placeholder": "33456",
    "app.rolls_entered": "3번 중 {count}번 입력",
    "app.hint": "힌트",
    "app.skip": "내 차례까지 건너뛰기",
    "app.review": "돌아보기",
    "app.loading_table": "전략표를 불러오는 중…",
    "app.table_failed": (
        "전략표를 불러오지 못해 힌트, 코치, 완벽·잘함 컴퓨터가 기다리고 있습니다. 연결을 "
        "확인하고 다시 시도하세요."
    ),
    "hint.title": "지금 가장 좋은 수:",
    "review.title": "선택 돌아보기",
    "review.none": "이 게임에는 돌아볼 사람의 선택이 없습니다.",
    "advice.keep": "{faces} 남기기",
    "advice.reroll": "다섯 개 모두 다시 굴리기",
    "advice.box": "{box}에 {points}점",
    "hint.best": "최선: {choice}. {why}",
    "hint.best_tie": "최선: {choice}, 또는 {other}: 똑같이 좋습니다. {why}",
    "hint.only": "최선: {choice}. {why}",
    "hint.worse": "{choice}: 약 {points}점 손해.",
    "hint.as_good": "{choice}: 똑같이 좋음.",
    "hint.expect": "여기서부터 가장 좋게 하면 최종 점수는 약 {total}점으로 기대됩니다.",
    "hint.to_beat": (
        "{names}에게 이기려면: {choice}. 여기서부터 이기는 쪽으로 두면 이길 확률은 이렇게 "
        "{chance}, 점수를 가장 많이 내는 수로는 {instead}."
    ),
    "hint.to_win": (
        "이기려면: {choice}. 여기서부터 이기는 쪽으로 두면 이길 확률은 이렇게 {chance}, 점수를 "
        "가장 많이 내는 수로는 {instead}."
    ),
    "hint.for_points": "점수를 가장 많이 얻으려면: {choice}. {why}",
    "review.player": "{name}: 선택으로 잃은 점수 약 {cost}점, 얻은 점수 {total}점.",
    "review.player_win": (
        "{name}: 선택으로 잃은 점수 약 {cost}점, 이길 확률 약 {chance}; 얻은 점수 {total}점."
    ),
    "review.to_win": (
        "이기려면: {best} (거기서부터 이기는 쪽으로 두면 이렇게 {chance}, 고른 수로는 {chosen})."
    ),
    "review.turn": "{turn}번째 차례, {name}: {cost}점",
    "review.item": "{roll}번째 굴림 뒤: {chose} 선택. 최선은 {best} (약 {cost}점 더 좋음).",
    "review.best": "{roll}번째 굴림 뒤: {chose}, 최선의 수.",
    "review.fine": "최선으로 둔 차례: {count}개",
    "level.win": "승부사",
    "level.perfect": "완벽",
    "level.good": "잘함",
    "level.casual": "가볍게",
    "dialog.vs_title": "컴퓨터와 한 판: 한 번 누르기",
    "dialog.vs_levels": (
        "'가볍게'는 초보자처럼 눈앞의 점수를 가져가고, '잘함'은 잘 두지만 가끔 실수하며, "
        "'완벽'은 평균 점수가 가장 높은 전략으로 두고, '승부사'는 이기려고 둡니다: 뒤지면 "
        "아직 이길 수 있는 쪽에 걸고, 앞서면 안전한 점수를 챙깁니다. 아래에서 참가자를 직접 "
        "정할 수도 있습니다."
    ),
    "seat.computer_name": "{level} (컴퓨터)",
    "status.aside_corrupt": (
        "진행 중인 게임 하나를 읽을 수 없어 목록에서 뺐습니다 (사본으로 보관됩니다)."
    ),
    "status.put_aside": (
        "{names}의 게임이 아직 끝나지 않았습니다. 그래도 새 게임을 시작할까요? 그 게임은 '진행 "
        "중인 게임'에 남아 나중에 이어 할 수 있습니다."
    ),
    "dialog.put_aside_title": "새 게임을 시작할까요?",
    "dialog.put_aside_yes": "새 게임 시작",
    "status.resumed": "{names}의 게임으로 돌아왔습니다.",
    "status.undone": "{name}: {box} 칸을 되돌렸습니다.",
    "app.undo": "되돌리기",
    "app.menu": "메뉴",
    "app.games": "진행 중인 게임",
    "games.line": "{players}: {turn}번째 차례, {date} 시작",
    "games.resume": "이어 하기",
    "games.empty": "기다리는 게임이 없습니다.",
    "app.chances": "승리 확률",
    "app.handover": "기기 넘기기 안내",
    "handover.line": "기기를 {name} 님에게 넘기세요 ({points}점).",
    "chance.win": "이길 확률: {percent}",
    "chance.beat": "{name} 님을 이길 확률: {percent}",
    "chance.title": "승리 확률",
    "chance.working": ("차례별 확률을 아직 계산하고 있습니다. 잠시 후 복기를 다시 열어 보세요."),
    "chance.first_turn": "첫 차례",
    "chance.end": "끝",
    "chance.chart": (
        "{turns}번의 차례마다 시작할 때 각 참가자가 이길 확률: 선두가 {count:한 번|#번} "
        "바뀌었고 {winner} 님이 이겼습니다."
    ),
    "chance.chart_beat": ("{turns}번의 차례마다 시작할 때 {name} 님의 총점을 넘을 확률."),
    "chance.lead_change": "선두가 바뀜",
    "chance.costly": "손해가 큰 칸",
    "chance.turn": "차례",
    "chance.note": "일어난 일",
    "chance.start": "시작",
    "chance.costly_line": (
        "{turn}번째 차례 뒤, {name}: 고른 칸이 같은 주사위의 "
        "가장 좋은 칸보다 이길 확률을 {cost}%포인트 깎았습니다."
    ),
    "app.sound": "소리와 진동",
    "scores.computer": "컴퓨터",
    "over.solo": "{points}점을 얻었습니다.",
    "over.solo_best": "{points}점을 얻었습니다. 최고 기록은 {best}점입니다.",
    "over.solo_new_best": "{points}점, 새 최고 기록입니다!",
    "over.new_best": "{name}의 새 최고 기록: {points}점!",
    "celebrate.kismet": "키스멧!",
    "celebrate.extra": "엑스트라 키스멧!",
    "app.enter_first": "점수를 적으려면 이 주사위를 입력하세요.",
    "app.daily": "오늘의 게임",
    "daily.title": "키스멧 일일 게임 #{number}",
    "daily.intro": "하루에 한 게임, 어디서 하든 모두 같은 주사위입니다.",
    "daily.day": "일일 게임 #{number}, {day}",
    "daily.new": "아직 안 함",
    "daily.waiting": "진행 중",
    "daily.played": "완료: {best}점",
    "daily.play": "하기",
    "daily.resume": "이어 하기",
    "daily.again": "다시 하기",
    "challenge.title": "{name}의 도전",
    "challenge.heading": "도전장",
    "challenge.offer": (
        "{name} 님의 도전: 이 주사위로 {total}점. 같은 주사위로 해서 누가 더 잘하는지 보세요."
    ),
    "challenge.accept": "이 주사위로 하기",
    "challenge.later": "나중에",
    "by_link.play": "링크로 하기",
    "by_link.dialog_intro": (
        "링크로 하기: 친구들이 각자 휴대폰으로, 차례마다 "
        "게임을 링크로 보냅니다. 나는 첫 번째 이름입니다."
    ),
    "by_link.no_computers": (
        "링크 게임은 각자 기기로 하는 사람들의 게임입니다. 컴퓨터는 낄 수 없습니다."
    ),
    "by_link.seats": "링크 게임은 {low}~{high}명이 합니다. 이름을 더하세요.",
    "by_link.choose_title": "누구세요?",
    "by_link.choose_intro": "이 기기는 이제부터 그 자리로 게임을 합니다.",
    "by_link.i_am": "나는 {name}",
    "by_link.seated": "이 기기에서는 {name}(으)로 합니다.",
    "by_link.waiting": "{name} 님 차례를 기다리는 중: 게임을 보내 주세요.",
    "by_link.send": "게임 보내기",
    "by_link.since": "지난번 이후",
    "by_link.turn_line": "{name} 님 차례: 키스멧, 15턴 중 {turn}턴",
    "by_link.over_line": "키스멧 게임이 끝났습니다: {totals}",
    "by_link.title": "게임 보내기",
    "by_link.intro": (
        "링크를 연 사람은 규칙으로 다시 둔 게임 "
        "전체를 보고, 게임이 주는 주사위로 자기 차례를 합니다."
    ),
    "by_link.older": (
        "이 기기는 이 게임을 더 본 "
        "적이 있습니다({seen}턴, 이 링크는 {played}턴). 되돌리지 않았습니다."
    ),
    "by_link.parted": "이 링크는 이 기기가 본 게임({seen}턴)과 이어지지 않아 열지 않았습니다.",
    "by_link.screen_dice": "링크 게임은 게임의 주사위로 합니다. 실제 주사위는 입력할 수 없습니다.",
    "by_link.your_turn": "내 차례",
    "by_link.waiting_for": "{name} 님 차례 기다리는 중",
    "by_link.twice": "링크 게임의 참가자는 저마다 다른 이름이 있어야 합니다.",
    "friends.here": "(이 기기)",
    "friends.perfect": "같은 주사위로 완벽: {total}점",
    "friends.standing": "요즘 친구들과",
    "friends.name": "참가자",
    "friends.days": "날",
    "friends.beaten": "이긴 수",
    "by_link.earlier": "그 전: {count}개 더",
    "by_link.link_label": "게임으로 가는 링크",
    "by_link.about": "{names}: 링크 게임, {count}턴 진행.",
    "restore.friends": "친구의 일일 게임 결과 {count}개를 더했습니다.",
    "link.refused": "이 링크로는 할 수 없습니다: {why}.",
    "share.daily": "키스멧 일일 게임 #{number}: {total}점",
    "share.challenge": "{name}의 키스멧 도전: 나 {total}점, 상대 {theirs}점",
    "share.bonus": "보너스 {points}",
    "share.kismet": "키스멧!",
    "share.kismets": "키스멧 {count}번!",
    "share.perfect": "같은 주사위로 완벽: {total}점",
    "share.button": "공유",
    "share.title": "게임 공유하기",
    "share.intro": "링크를 연 사람은 같은 주사위로 하고, 내 수를 다시 두어 증명한 점수를 봅니다.",
    "share.link_label": "이 주사위로 가는 링크",
    "share.send": "공유",
    "share.copy": "복사",
    "share.copied": "복사했습니다. 채팅에 붙여 넣으세요.",
    "share.shared": "공유했습니다.",
    "share.failed": "복사하지 못했습니다. 링크를 선택해 복사하세요.",
    "perfect.thinking": "완벽 컴퓨터가 같은 주사위로 하는 중…",
    "perfect.total": "같은 주사위로 완벽: {total}점",
    "perfect.compare": "완벽과 비교하기",
    "compare.title": "나와 완벽, 차례별로",
    "compare.turn_number": "{turn}턴",
    "compare.roll": "굴린 눈 {dice}, 남긴 눈 {kept}.",
    "compare.total": "합계 {total}",
    "compare.cost": "선택으로 잃은 점수 {cost}",
    "compare.parted": "선택이 다름",
    "compare.same": "나와 완벽이 똑같이 둔 턴",
    "compare.intro": (
        "매 턴 두 사람 모두 같은 첫 굴림으로 시작하고, 그다음 주사위는 각자 남긴 것"
        "(동그라미)에 따라 달라집니다. {turns}턴 중 {parted}턴에서 완벽과 선택이 달랐습니다."
    ),
    "perfect.figures": (
        "완벽의 숫자가 서로 다른 이유: {expected}점은 주사위가 낼 수 있는 모든 게임의 "
        "평균이고, 통계의 평균은 완벽이 실제로 한 400판에서 나와 운에 따라 조금 다르며, "
        "한 게임의 주사위로는 그 주사위가 허락하는 만큼 점수를 냅니다."
    ),
    "compare.you": "나",
    "compare.perfect": "완벽",
    "seat.human": "사람",
    "seat.win": "컴퓨터: 승부사",
    "seat.perfect": "컴퓨터: 완벽",
    "seat.good": "컴퓨터: 잘함",
    "seat.casual": "컴퓨터: 가볍게",
    "dialog.seat": "참가자 {number}:",
    "help.chances_title": "이길 확률",
    "help.chances": (
        "둘 이상이 하는 게임(또는 도전장을 보낸 사람과의 대결)에서 각 합계 옆에 표시됩니다. "
        "각자 남은 칸과 플레이 실력으로, 차례인 사람은 보이는 주사위까지 넣어 계산합니다. "
        "컴퓨터는 수준대로 "
        "계산합니다: 완벽한 플레이와 비교해 가볍게는 한 게임에 약 {casual}점, 잘함은 약 "
        "{good}점을 잃습니다. 사람은 이 기기에 남은 자신의 기록, 곧 선택으로 한 게임에 잃은 "
        "점수(통계에서, 게임 {games}판이 평가된 뒤부터)로 계산하며, 처음인 사람은 잘하는 "
        "플레이어로 봅니다. 돌아보기의 그래프도 같은 확률을 턴마다 보여 줍니다."
    ),
    "help.by_link_title": "링크로 하기",
    "help.unofficial": (
        "Kismet(키스멧)은 Endless Games의 상표입니다. 이 게임은 비공식 버전이며 Endless "
        "Games와 관계가 없고 그 승인을 받지 않았습니다."
    ),
    "help.by_link": (
        "새 게임에서 링크로 하기: 친구들이 서버나 계정 없이 각자 휴대폰으로 한 게임을 합니다. "
        "내 차례가 끝나면 게임 보내기를 누르세요. 링크에는 게임의 시드와 지금까지의 모든 "
        "선택이 들어 있습니다. 링크를 연 사람은 이 규칙으로 한 수씩 다시 둔 게임 전체를 보고, "
        "자기가 누구인지 한 번 고른 뒤, 시드가 주는 주사위로 자기 차례를 합니다. 링크를 다시 "
        "열어도 주사위는 같습니다. 그래서 링크는 모든 수가 규칙에 맞고 모든 주사위가 시드의 "
        "것임을 증명합니다. 아무도 미리 보지 않았다는 것은 증명하지 못합니다. 프로그래밍 "
        "도구가 있는 사람은 시드로 자기 다음 주사위를 알아낼 수 있습니다. 더 진행된 게임을 "
        "본 기기에서는 오래된 링크가 게임을 되돌리지 않으며, 채운 칸은 되돌릴 수 없습니다."
    ),
    "help.advice_title": "힌트, 컴퓨터, 돌아보기",
    "help.advice": (
        "점수와 승리는 같은 목표가 아닙니다. 완벽과 잘함은 혼자 할 때처럼 평균 점수가 가장 높도록 "
        "둡니다 (한 사람을 위한 정확한 최적 전략). 여럿이 할 때의 목표는 1등이고, 그러려면 다른 "
        "수가 필요할 때가 있습니다: 크게 뒤지면 이길 수 없는 안전한 점수보다 아직 이길 수 있는 "
        "모험이 낫고, 크게 앞서면 안전한 점수가 낫습니다. 승부사는 지금 판에서 이길 확률이 가장 "
        "높은 수를 두고, 혼자 할 때는 완벽처럼 둡니다. 힌트와 코치는 점수를 가장 많이 얻는 수를 "
        "말하고, 여럿이 할 때 이길 확률이 가장 높은 수가 다르면 그 수도 확률과 함께 말합니다. "
        "잘하는 사람이라면 28턴에 한 번쯤, 10게임 가운데 4게임에서 한 번 이상 그렇습니다. "
        "돌아보기는 각 선택을 점수와 이길 확률로 따집니다. 코치는 경고 기준에서 고른 것보다 예상 "
        "점수를 더 잃는 수 앞에서 먼저 묻지만, 이길 확률이 가장 높은 수라면 묻지 않습니다."
    ),
    "list.and": "{first}, {last}",
    "turn.current": "{name} 차례",
    "sheet.box": "칸",
    "sheet.to_go": "다음 단계까지 {points}",
    "sheet.top_tier": "최고 단계",
    "sheet.option": "{box}: {points}",
    "sheet.joker": "조커",
    "sheet.penalty": "벌점 0",
    "status.ready": "{name} 차례: 주사위를 굴리세요.",
    "status.rolled": "{name}: {dice}.",
    "status.scored": "{name}: {box}에 {points}점.",
    "status.next": "{name} 차례.",
    "status.extra_kismet": "추가 키스멧! {name}: {box}에 조커로 {points}점.",
    "status.penalty": "{name}: {box}에 0점.",
    "status.roll_again": "{name} 한 번 더.",
    "status.game_over_one": "게임 끝: {name} 승리, {points}점.",
    "status.game_over_shared": "게임 끝: {names} 공동 승리, {points}점.",
    "status.confirm_zero": "{box}에 0점을 적을까요? {best}에 적으면 {points}점입니다.",
    "status.restored_full": (
        "다시 오신 것을 환영합니다. 저장 공간이 가득 차 마지막으로 저장된 게임을 "
        "보여 드립니다. 그 뒤의 움직임은 남지 않았을 수 있습니다."
    ),
    "status.restored": "다시 오셨네요. 게임이 그대로 있습니다.",
    "status.save_corrupt": (
        "저장된 게임을 읽을 수 없어 새 게임을 시작했습니다 (이전 저장은 사본으로 보관됩니다)."
    ),
    "status.history_corrupt": (
        "끝난 게임 목록을 읽을 수 없어 새로 시작합니다 (이전 목록은 사본으로 보관됩니다)."
    ),
    "status.settings_corrupt": (
        "설정을 읽을 수 없어 기본값으로 돌아갔습니다 (이전 설정은 사본으로 보관됩니다)."
    ),
    "status.storage_full": (
        "저장 공간이 가득 차 최근 움직임이 아직 저장되지 않았습니다. 게임은 계속됩니다. 공간을 "
        "비우거나 백업하세요."
    ),
    "status.storage_off": (
        "이 브라우저가 저장을 허용하지 않아 (비공개 모드 또는 사이트 데이터 차단?) 이 게임은 "
        "남지 않습니다. 게임은 계속됩니다."
    ),
    "status.entered": "{name}: {dice} 입력.",
    "status.mode_sheet": "점수표 모드: 직접 주사위를 굴린 뒤 주사위를 누르거나 눈을 입력하세요.",
    "status.mode_dice": "화면 주사위: 굴리기를 누르세요.",
    "status.mode_turn_start": "실제 주사위와 화면 주사위는 차례가 시작될 때만 바꿀 수 있습니다.",
    "print.title": "키스멧 점수표",
    "print.date": "날짜: {date}",
    "print.colors": "눈 색: 1과 6 검은색, 2와 5 빨간색, 3과 4 초록색.",
    "print.winner": "승자",
    "print.marks": "J: 추가 키스멧 조커로 얻은 점수, 점선 0: 벌점 0.",
    "print.game": "{number}번째 게임",
    "print.dialog_title": "인쇄",
    "print.this_game": "이 게임의 점수표",
    "print.blank": "빈 점수표:",
    "print.blank_players": "{count}명",
    "print.blank_one_player": "1명",
    "print.six_games": "혼자 6게임용 빈 점수표",
    "dialog.zero_title": "0점을 적을까요?",
    "dialog.zero_yes": "0점 적기",
    "dialog.coach_title": "코치의 질문",
    "dialog.coach_yes": "그대로 하기",
    "app.coach": "코치",
    "app.coach_margin": "경고 기준",
    "coach.warning": (
        "더 나은 수: {best}. {why} 고른 수 {chose}는 나머지 게임에서 약 {cost}점 "
        "손해입니다. 그대로 할까요?"
    ),
    "coach.margin": "{points}점",
    "dialog.confirm_no": "돌아가기",
    "dialog.new_title": "새 게임",
    "dialog.players": "참가자 (차례 순서)",
    "dialog.player": "참가자 {number}",
    "dialog.default_name": "참가자 {number}",
    "dialog.add_player": "참가자 추가",
    "dialog.remove_player": "참가자 {number} 빼기",
    "dialog.move_up": "참가자 {number} 위로",
    "dialog.start": "시작",
    "dialog.cancel": "취소",
    "over.title": "게임 끝",
    "over.winner": "{name} 승리, {points}점!",
    "over.shared": "{names} 공동 승리, {points}점!",
    "over.play_again": "다시 하기",
    "scores.rank": "순위",
    "scores.name": "이름",
    "scores.score": "점수",
    "scores.date": "날짜",
    "scores.empty": "아직 끝난 게임이 없습니다. 가장 높은 점수 10개가 여기에 나옵니다.",
    "shape.black": "동그란",
    "shape.red": "네모난",
    "shape.green": "세모난",
    "help.colors_title": "색 묶음",
    "help.color_group": "{color}: {faces}",
    "help.color_shape": "색 모양 표시를 켜면 {color} 눈은 {shape} 모양입니다.",
    "help.keys_title": "키보드",
    "help.keys": (
        "스페이스 또는 R: 굴리기. 1부터 5: 주사위 잡기/놓기. 화살표: 열린 칸 사이 이동, Enter: "
        "그 칸에 적기. N: 새 게임. ?: 규칙. Tab으로 모든 버튼에 갈 수 있습니다."
    ),
    "help.title": "키스멧 하는 법",
    "help.body": """
<h3>주사위</h3>
<p>주사위는 다섯 개입니다. 눈에 색이 있습니다: <strong>1과 6은 검은색</strong>,
<strong>2와 5는 빨간색</strong>, <strong>3과 4는 초록색</strong>. 마주 보는 면(합이 7)은
같은 색입니다.</p>
<h3>내 차례</h3>
<ol>
<li>주사위 다섯 개를 모두 굴립니다.</li>
<li>남길 주사위를 누르면 잡히고, 나머지를 다시 굴립니다. 굴릴 때마다 잡을 주사위를 바꿀 수
있으며, 한 차례에 최대 세 번 굴립니다.</li>
<li>그다음 내 열의 빈칸 하나를 채웁니다. 지금 주사위로 그 칸이 주는 점수를, 맞지 않으면 0점을
적습니다. 채운 칸은 바뀌지 않습니다. 첫 번째로 굴리기 전에는 적을 수 없습니다.</li>
</ol>
<h3>기본 섹션</h3>
<p>에이스부터 식스까지: 그 눈이 나온 주사위의 합. 여섯 칸의 합이 63-70이면 보너스 35,
71-77이면 55, 78 이상이면 75를 받습니다.</p>
<h3>키스멧 섹션</h3>
<ul>
<li><strong>같은 색 투 페어</strong>: 같은 색 두 쌍 (1-1-6-6, 2-2-5-5, 3-3-4-4; 같은 눈 넷도
됩니다): 다섯 주사위의 합.</li>
<li><strong>스리 오브 어 카인드</strong>: 같은 눈 셋: 다섯 주사위의 합.</li>
<li><strong>스트레이트</strong>: 1-2-3-4-5 또는 2-3-4-5-6: 30.</li>
<li><strong>플러시</strong>: 다섯 개 모두 같은 색: 35.</li>
<li><strong>풀 하우스</strong>: 같은 눈 셋과 다른 눈 한 쌍: 합계 + 15.</li>
<li><strong>같은 색 풀 하우스</strong>: 두 눈이 같은 색인 풀 하우스: 합계 + 20.</li>
<li><strong>포 오브 어 카인드</strong>: 같은 눈 넷: 합계 + 25.</li>
<li><strong>야버러</strong>: 아무 조합: 다섯 주사위의 합.</li>
<li><strong>키스멧</strong>: 다섯 개 모두 같은 눈: 합계 + 50.</li>
</ul>
<h3>추가 키스멧</h3>
<p>키스멧 칸에 이미 점수가 있을 때 다시 같은 눈 다섯이 나오면 <strong>추가 키스멧</strong>입니다
(키스멧 칸에 0점을 적었다면 추가 키스멧은 없습니다). 스트레이트를 뺀 키스멧 섹션의 빈칸에
<strong>조커</strong>로 적을 수 있고 (풀 하우스라면 합계 + 15 등), 그 눈의 기본 섹션 칸에도
적을 수 있습니다. 다른 참가자는 모두 자기 열에서 가장 위의 빈칸에 0점을 적고, 굴린 사람은
한 번 더 합니다.</p>
<h3>승리</h3>
<p>모든 칸이 채워지면 게임이 끝납니다. 총점 = 기본 소계 + 보너스 + 키스멧 소계. 총점이 가장 높은
사람이 이기며, 같으면 함께 이깁니다.</p>
<h3>여럿이 하기</h3>
<p>최대 8명이 입력한 순서대로 기기를 돌려 가며 합니다. 게임은 한 번 둘 때마다 이 브라우저에
저장되므로 페이지를 닫았다가 나중에 이어서 할 수 있습니다.</p>
""",
    "error.game_over": "게임이 끝났습니다",
    "error.no_rolls_left": "이번 차례에는 더 굴릴 수 없습니다",
    "error.all_held": "주사위 다섯 개를 모두 잡았습니다. 하나를 놓고 굴리거나 칸에 적으세요",
    "error.no_dice_to_hold": "먼저 굴리세요. 아직 잡을 주사위가 없습니다",
    "error.hold_after_last_roll": "마지막으로 굴렸습니다. 적을 칸을 고르세요",
    "error.no_such_die": "주사위 {die}은(는) 없습니다. 주사위 번호는 0부터 4까지입니다",
    "error.score_before_roll": "적기 전에 주사위를 굴리세요",
    "error.box_filled": "{box} 칸은 이미 채워졌습니다",
    "error.not_a_box": "{box}은(는) 점수표의 칸이 아닙니다",
    "error.bad_roll": "한 번 굴린 결과는 1부터 6까지의 눈 다섯 개입니다",
    "error.player_count": "참가자는 1명부터 8명까지입니다 ({count}명이 아님)",
    "error.typed_roll": "다섯 눈을 1부터 6까지의 숫자로 입력하세요. 예: 33456",
    "error.player_name_type": "참가자 {number}의 이름은 글자여야 합니다",
    "error.player_name_empty": "참가자 {number}의 이름을 적어 주세요",
    "error.player_name_long": "참가자 {number}의 이름이 {limit}자보다 깁니다",
    "error.player_name_control": "참가자 {number}의 이름에 제어 문자가 있습니다",
    "error.nothing_to_undo": "지금은 되돌릴 칸이 없습니다",
    "error.linked_dice": "이 게임의 주사위는 시드에 묶여 있습니다. 화면에서 굴리세요",
    "save.not_an_object": "키스멧 게임 저장 파일이 아닙니다",
    "save.not_a_game": "키스멧 게임 저장 파일이 아닙니다",
    "save.version": (
        "다른 버전의 키스멧에서 저장되었습니다(형식 {version}). 이 페이지는 형식 {readable}을 "
        "읽습니다"
    ),
    "save.fields": "저장된 데이터가 손상되었습니다({where})",
    "save.field_type": "저장된 데이터가 손상되었습니다({where})",
    "save.bad_value": "저장된 데이터가 손상되었습니다({where})",
    "save.players": "저장된 게임의 참가자 정보가 올바르지 않습니다",
    "save.wrong_player": "저장된 게임이 규칙에 맞지 않습니다({where})",
    "save.refused": "저장된 게임이 규칙에 맞지 않습니다({where})",
    "save.differs": "저장된 게임이 규칙에 맞지 않습니다({where})",
    "save.stray_penalty": "저장된 게임이 규칙에 맞지 않습니다({where})",
    "save.missing_penalty": "저장된 게임이 규칙에 맞지 않습니다({where})",
    "save.current": "저장된 게임이 규칙에 맞지 않습니다(누구의 차례인지)",
    "save.turn": "저장된 게임이 규칙에 맞지 않습니다(진행 중인 차례)",
    "save.stream": "저장된 데이터가 손상되었습니다(주사위 난수 상태)",
    "save.link": "완전한 키스멧 도전 링크가 아닙니다(잘린 것은 아닌가요?)",
    "save.checksum": "이 링크는 만들어진 뒤 바뀌어서 믿을 수 없습니다",
    "save.unfinished": "이 링크의 게임은 끝나기 전에 멈춥니다",
    # Statistics, export and import.
    "app.stats": "통계",
    "stats.title": "나의 기록",
    "stats.player": "플레이어",
    "stats.empty": "아직 끝난 게임이 없습니다. 게임을 끝내면 여기에 기록이 나옵니다.",
    "stats.numbers": "숫자로 보기",
    "stats.games": "게임 수",
    "stats.average": "평균",
    "stats.best": "최고",
    "stats.wins": "승리",
    "stats.wins_of": "여럿이 한 {games}게임 중 {wins}번",
    "stats.bonus_tier": "보너스 {bonus}점 (기본 {lowest}점 이상)",
    "stats.kismets": "키스멧 달성",
    "stats.extras": "추가 키스멧",
    "stats.lost_per_game": "게임당 선택으로 잃은 점수",
    "stats.folded": "예전 게임 {count}개는 이 숫자에 들어 있지만 하나하나 보이지는 않습니다.",
    "stats.totals_chart": (
        "{count:게임 #판의 합계: {high}점|#게임의 총점({low}~{high}점)과 이동 평균, "
        "평균은 {average}점}"
    ),
    "stats.first": "처음",
    "stats.latest": "최근",
    "stats.game": "게임",
    "stats.moving": "이동 평균",
    "stats.histogram": "{count:게임 #판의 합계가 놓인 곳|#게임 총점의 분포}",
    "stats.histogram_perfect": (
        "{count:게임 #판의 합계가 놓인 곳, 완벽한 플레이 옆 (평균 {perfect})|"
        "#게임 총점의 분포와 완벽한 플레이(평균 {perfect}점)의 분포}"
    ),
    "stats.points_range": "점수",
    "stats.yours": "나",
    "stats.perfect": "완벽한 플레이",
    "stats.skill_chart": (
        "{count:게임 #판에서 선택으로 잃은 점수: {average}|#게임에서 선택으로 잃은 점수, "
        "게임당 평균 {average}점}"
    ),
    "stats.lost": "잃은 점수",
    "stats.recent": "최근 게임과 평균의 차이",
    "stats.against_average": "평균과의 차이",
    "stats.boxes": "칸별 평균",
    "stats.box": "칸",
    "stats.versus": "맞대결",
    "stats.against": "상대",
    "stats.won": "승",
    "stats.lost_games": "패",
    "stats.tied": "무",
    "stats.legend_game": "게임 하나",
    "stats.legend_yours": "나의 게임",
    "stats.legend_perfect": "완벽한 플레이",
    "app.backup": "백업",
    "app.restore": "복원",
    "stats.backup": (
        "백업은 끝난 게임, 통계, 진행 중인 게임(링크 게임은 이 기기의 자리와 함께), 설정, "
        "친구의 오늘의 게임 결과를 파일 하나에 씁니다. 메일이나 클라우드에 보관하세요. 새 "
        "휴대폰에서, 또는 이 브라우저가 비워진 뒤 복원하면 그대로 돌아오고, 같은 게임이 두 번 "
        "세어지지 않습니다."
    ),
    "keep.persisted": "이 브라우저는 게임을 계속 보관합니다.",
    "keep.may_clear": (
        "이 브라우저는 공간이 모자라면 게임을 지울 수 있습니다. 앱으로 설치하고 백업을 보관하세요."
    ),
    "keep.safari": (
        "Safari는 7일 동안 방문하지 않은 페이지의 게임을 지웁니다. 홈 화면에 추가하고 백업을 "
        "보관하세요."
    ),
    "keep.size_site_unknown": (
        "게임이 차지하는 공간: {games}(사이트 전체의 크기는 이 브라우저가 알려 주지 않습니다)."
    ),
    "keep.size_site": "게임이 차지하는 공간: {games}(오프라인용으로 보관한 사이트 전체: {site}).",
    "keep.reminder": (
        "게임은 이 브라우저에만 있습니다. 백업이 있으면 브라우저가 비워지거나 휴대폰을 잃어도 "
        "남습니다."
    ),
    "keep.later": "나중에",
    "keep.wiped": (
        "이 브라우저에 저장된 게임이 없지만, 전에 여기서 키스멧을 했습니다. 저장소가 비워졌습니다. "
        "백업을 열어 게임을 되살리세요."
    ),
    "keep.open_backup": "백업 열기",
    "restore.by_link": "그중 {count}개는 링크 게임이며, 이 기기의 자리에서 이어집니다.",
    "restore.too_big": (
        "키스멧 백업 파일이라기엔 너무 큽니다({size} MB). 아무것도 바뀌지 않았습니다."
    ),
    "restore.not_json": "키스멧 백업 파일이 아닙니다(JSON이 아님). 아무것도 바뀌지 않았습니다.",
    "restore.not_kismet": "키스멧 백업 파일이 아닙니다. 아무것도 바뀌지 않았습니다.",
    "restore.newer": (
        "더 새로운 버전의 키스멧에서 만든 파일입니다(형식 {version}). 페이지를 새로 고쳐 "
        "업데이트한 뒤 다시 복원하세요. 아무것도 바뀌지 않았습니다."
    ),
    "restore.bad_game": (
        "규칙으로는 나올 수 없는 게임이 들어 있습니다({where}). 아무것도 바뀌지 않았습니다."
    ),
    "restore.done": "끝난 게임 {added}개를 복원했습니다({known}개는 이미 있었습니다).",
    "restore.aside": "진행 중인 게임 {count}개를 '진행 중인 게임'에 더했습니다.",
    "restore.settings": "설정을 파일에서 가져왔습니다.",
    "restore.read_failed": "파일을 읽을 수 없습니다. 아무것도 바뀌지 않았습니다.",
    "backup.done": "{name} 파일로 백업했습니다.",
    "backup.cancelled": "백업하지 않았습니다. 공유를 취소했습니다.",
    # Luck against skill, after a game.
    "luck.title": "플레이어별 운과 실력",
    "luck.solo_kind": (
        "{name}: 선택으로 잃은 점수 {lost}점, 주사위는 완벽한 플레이의 기대보다 {dice}점 더 "
        "주었습니다."
    ),
    "luck.solo_unkind": (
        "{name}: 선택으로 잃은 점수 {lost}점, 주사위는 완벽한 플레이의 기대보다 {dice}점 덜 "
        "주었습니다."
    ),
    "luck.off_link": (
        "운과 실력: 링크 게임에서는 각자 자기 기기에서 골랐기 때문에 이 기기는 "
        "모든 참가자의 선택을 평가할 수 없습니다."
    ),
    "luck.off": "운과 실력: 이 게임에는 기록된 사람의 선택이 없습니다.",
    "luck.off_partial": (
        "운과 실력: 이 게임의 일부 칸은 선택이 기록되지 않은 채 채워져(실제 주사위, 또는 이전 "
        "버전) 나눌 수 없습니다."
    ),
    "luck.off_real": (
        "운과 실력은 화면의 주사위로 할 때만 나눌 수 있습니다. 실제 주사위로는 칸만 알 수 있습니다."
    ),
    "luck.expected": "기대 점수",
    "luck.choices": "선택",
    "luck.dice": "주사위",
    "luck.total": "총점",
    # Storage: tabs, a full storage, damaged data.
    "status.save_unkept": (
        "저장된 게임을 읽을 수 없고 사본을 남길 공간도 없어 그대로 두었습니다. 새 게임을 "
        "시작했으며, 공간이 생길 때까지 저장되지 않습니다."
    ),
    "status.settings_unkept": (
        "설정을 읽을 수 없고 사본을 남길 공간도 없습니다. 기본값으로 돌아갔으며, 이전 설정은 "
        "공간이 생길 때까지 그대로 남습니다."
    ),
    "status.history_unkept": (
        "끝난 게임 목록을 읽을 수 없고 사본을 남길 공간도 없어 그대로 두었습니다. 공간이 생길 "
        "때까지 새 게임은 기록되지 않습니다."
    ),
    "status.folded_corrupt": (
        "오래된 끝난 게임의 집계를 읽을 수 없어 새로 시작합니다 (이전 집계는 사본으로 보관됩니다)."
    ),
    "status.folded_unkept": (
        "오래된 끝난 게임의 집계를 읽을 수 없고 사본을 남길 공간도 없어, 공간이 생길 때까지 "
        "그대로 둡니다."
    ),
    "status.records_corrupt": (
        "끝난 게임 {count}개를 읽을 수 없었습니다 (사본으로 보관됩니다). 나머지 {kept}개는 모두 "
        "있습니다."
    ),
    "status.records_unkept": (
        "끝난 게임 {count}개를 읽을 수 없고 사본을 남길 공간도 없어 그대로 두었습니다. 나머지 "
        "{kept}개는 모두 있습니다."
    ),
    "status.aside_unkept": (
        "진행 중인 게임 하나를 읽을 수 없고 사본을 남길 공간도 없어, 공간이 생길 때까지 그대로 "
        "둡니다."
    ),
    "status.spare_back": (
        "지난번 이 탭에서 할 때 저장 공간이 가득 차 마지막 움직임을 이 탭에만 보관했습니다. 여기 "
        "돌아왔습니다."
    ),
    "status.synced": "이 게임이 다른 탭이나 창에서 계속되었습니다. 지금 상태를 보여 드립니다.",
    "status.synced_finished": (
        "다른 탭이나 창에서 그 게임을 끝내고 (끝난 게임에 있습니다) 이 게임으로 넘어갔습니다."
    ),
    "status.synced_aside": (
        "다른 탭이나 창에서 그 게임을 미뤄 두고 (진행 중인 게임에 있습니다) 이 게임으로 "
        "넘어갔습니다."
    ),
    "status.synced_other": "다른 탭이나 창에서 이 게임으로 넘어갔습니다.",
    "status.full_keep": (
        "저장 공간이 가득 차 지금 게임이 아직 저장되지 않았습니다. 지금 떠나면 잃게 됩니다. 먼저 "
        "공간을 비우거나 백업하세요."
    ),
    "status.freed": (
        "공간을 비웠습니다: 가장 오래된 끝난 게임 {count}판은 이제 통계로만 남습니다 (총점, 최고 "
        "점수, 순위는 그대로이고 칸별 기록은 지워집니다). 모두 저장되었습니다."
    ),
    "status.freed_none": "이제 모두 저장되었습니다: 자리를 비운 끝난 게임은 없습니다.",
    "status.still_full": (
        "가장 오래된 끝난 게임 {count}판을 통계로만 남겼지만 (총점, 최고 점수, 순위는 그대로) "
        "저장 공간이 아직 가득 찼습니다. 이 사이트가 저장한 나머지, 곧 진행 중인 게임과 같은 "
        "주소의 다른 페이지가 남긴 데이터가 공간을 쓰고 있습니다. 백업으로 모든 것의 사본을 "
        "남기세요. 게임은 계속되지만 최근 수는 아직 저장되지 않았습니다."
    ),
    "status.still_full_none": (
        "저장 공간이 아직 가득 찼고, 통계로만 남길 끝난 게임도 더 없습니다. 이 사이트가 저장한 "
        "나머지, 곧 진행 중인 게임과 같은 주소의 다른 페이지가 남긴 데이터가 공간을 쓰고 "
        "있습니다. 백업으로 모든 것의 사본을 남기세요. 게임은 계속되지만 최근 수는 아직 저장되지 "
        "않았습니다."
    ),
    "app.free_space": "공간 비우기",
    "app.backup_copy": "백업",
    "restore.unchecked": (
        "통계 이전의 끝난 게임 {count}개는 칸과 주사위가 없어 확인할 수 없으므로 빼었습니다."
    ),
    "restore.unsaved": "저장 공간이 가득 차 복원한 것이 아직 저장되지 않았습니다.",
    "save.too_big": "저장된 데이터가 키스멧의 것이라기엔 너무 큽니다 ({where})",
    "save.too_deep": "저장된 데이터가 손상되었습니다 (너무 깊게 중첩됨, {where})",
    "save.not_json": "저장된 데이터가 손상되었습니다 (JSON이 아님, {where})",
    "perfect.offline": (
        "같은 주사위로 하는 완벽 컴퓨터의 게임에는 전략표가 필요한데, 이 기기는 아직 내려받지 "
        "않았습니다. 온라인이 되면 진행됩니다."
    ),
    # The boxes' short names, on a phone's card.
    "box_short.ones": "에이스",
    "box_short.twos": "듀스",
    "box_short.threes": "트레이",
    "box_short.fours": "포",
    "box_short.fives": "파이브",
    "box_short.sixes": "식스",
    "box_short.two_pair_same_color": "같은색 투페어",
    "box_short.three_of_a_kind": "스리 카인드",
    "box_short.straight": "스트레이트",
    "box_short.flush": "플러시",
    "box_short.full_house": "풀 하우스",
    "box_short.full_house_same_color": "같은색 풀하우스",
    "box_short.four_of_a_kind": "포 카인드",
    "box_short.yarborough": "야버러",
    "box_short.kismet": "키스멧",
    "rule.example": "예: {dice} → {points}점.",
    "app.whole_sheet": "모두의 칸",
    # 게임의 끝, 도전, 첫 게임 안내.
    "status.game_over_solo": "게임 끝: {name} {points}점.",
    "over.solo_computer": "{name}: {points}점.",
    "over.rank": "{points}점은 이 기기의 최고 기록 {rank}위입니다.",
    "over.fold": "눌러서 접으면 점수표 전체가 보이고, 다시 누르면 펼쳐집니다",
    "over.rank_same": "이 기기의 최고 기록 {rank}위입니다.",
    "versus.beats": "{winner} 님이 {loser} 님을 이겼습니다, {high} 대 {low}!",
    "versus.tie_both": "{name} 님과 {other} 님이 {points}점으로 비겼습니다!",
    "celebrate.bonus": "보너스 +{points}!",
    "celebrate.win": "{names} 승리!",
    "celebrate.best": "새 최고 기록!",
    "luck.lead": "{winner} 님이 {other} 님에게 {margin}점 차로 이겼습니다.",
    "luck.lead_tie": "{names} 님이 {points}점으로 비겼습니다.",
    "luck.seat_kind": (
        "{name}: 선택으로 잃은 점수 {lost}점, 주사위는 완벽한 플레이의 기대보다 {dice}점 더 "
        "주었습니다."
    ),
    "luck.seat_unkind": (
        "{name}: 선택으로 잃은 점수 {lost}점, 주사위는 완벽한 플레이의 기대보다 {dice}점 덜 "
        "주었습니다."
    ),
    "luck.cost": "{name} {lost}점",
    "luck.costs": (
        "선택으로 잃은 점수는 {costs}이고, 주사위는 {name} 님에게 가장 유리했습니다 ({dice})."
    ),
    "rival.start": "{name} 님은 이 주사위로 {total}점: 넘어 보세요!",
    "rival.ahead": "{name} 님은 {turn}턴 후 {theirs}점: {gap}점 앞서 있습니다.",
    "rival.behind": "{name} 님은 {turn}턴 후 {theirs}점: {gap}점 뒤져 있습니다.",
    "rival.level": "{name} 님은 {turn}턴 후 {theirs}점: 동점입니다.",
    "challenge.your_name": "내 이름",
    "guide.title": "첫 게임",
    "guide.step": "{step}/{count}",
    "guide.roll": "굴리기를 눌러 던지세요: 한 턴에 세 번까지.",
    "guide.hold": (
        "남길 주사위를 누르세요: 다시 굴려도 그대로입니다. 색도 셉니다: 1·6 검정, 2·5 빨강,"
        " 3·4 초록."
    ),
    "guide.again": "다시 굴리세요: 잡지 않은 주사위만 던집니다.",
    "guide.box": "칸을 눌러 보이는 점수를 적으세요: 한 턴에 한 칸.",
    "guide.box_or_roll": "한 번 더 굴리거나, 지금 칸을 눌러 보이는 점수를 적으세요: 한 턴에 한 칸.",
    "guide.skip": "안내 건너뛰기",
    "guide.again_button": "첫 게임 안내 다시 보기",
    # 왜 좋은 수인지, 주사위를 보고 확인할 수 있는 말로.
    "why.face": "{face}",
    "why.zero": "지금 포기해도 가장 덜 아까운 칸이 {box}입니다.",
    "why.joker": "엑스트라 키스멧은 조커: 여기서 온전히 점수가 됩니다.",
    "why.basic": "{face}: 기본 보너스를 향해 {points}점.",
    "why.flush": "다섯 개가 한 색: {faces}은 {color}입니다.",
    "why.two_pair": "같은 색 두 쌍: {faces}은 {color}입니다.",
    "why.full_house_color": "한 색의 풀 하우스 ({faces}은 {color}): 20점 더.",
    "why.three": "같은 눈 셋 ({face}): 다섯 개 모두 더합니다.",
    "why.four": "같은 눈 넷 ({face}): 다섯 개 모두 더하고 25점 더.",
    "why.straight": "다섯 개가 연속: 30점.",
    "why.full_house": "같은 눈 셋과 한 쌍: 합계에 15점 더.",
    "why.yarborough": "아무 주사위나: 합계.",
    "why.kismet": "다섯 개가 같은 눈: 합계에 50점 더.",
    "why.later": "{box}은 지금 더 많지만 남겨 두는 편이 더 값집니다.",
    "why.reroll": "남은 칸에 쓸 만한 주사위가 없습니다.",
    "why.keep_alike": "{face}을 남기세요: 같은 눈을 더 모으기 위해.",
    "why.keep_run": "연속된 눈: 스트레이트를 향해.",
    "why.keep_color": "모두 {color}: 플러시를 향해.",
    "why.keep_pairs": "두 쌍: 풀 하우스를 향해.",
    "why.keep": "남은 칸에 가장 좋은 기회를 주는 주사위입니다.",
    "date.months": "1 2 3 4 5 6 7 8 9 10 11 12",
    "date.format": "{year}년 {month}월 {day}일",
    "turn.computer": "{name} 차례 진행 중",
    "status.next_computer": "다음은 {name}.",
}
