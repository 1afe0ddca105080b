// Written for tilec's JCloisterZone harness (see docs/export-jcz.md).
//
// Chooses, for the actions JCloisterZone's engine offers, one legal message at
// random, built the way the client builds it (its `components/game/actions`):
// a tile placement, a figure, a token, a neutral figure's move, a commit or a
// pass. An action it does not know, when no pass is allowed, is an error that
// names the action: a game is never ended by guessing.
package tilec.jcz;

import com.jcloisterzone.action.BazaarBidAction;
import com.jcloisterzone.action.BazaarSelectBuyOrSellAction;
import com.jcloisterzone.action.BazaarSelectTileAction;
import com.jcloisterzone.action.BridgeAction;
import com.jcloisterzone.action.CaptureFollowerAction;
import com.jcloisterzone.action.CastleAction;
import com.jcloisterzone.action.ConfirmAction;
import com.jcloisterzone.action.CornCircleSelectDeployOrRemoveAction;
import com.jcloisterzone.action.FairyNextToAction;
import com.jcloisterzone.action.FairyOnTileAction;
import com.jcloisterzone.action.FerriesAction;
import com.jcloisterzone.action.FlockAction;
import com.jcloisterzone.action.GoldPieceAction;
import com.jcloisterzone.action.LittleBuildingAction;
import com.jcloisterzone.action.MeepleAction;
import com.jcloisterzone.action.MoveDragonAction;
import com.jcloisterzone.action.NeutralFigureAction;
import com.jcloisterzone.action.PlayerAction;
import com.jcloisterzone.action.ReturnMeepleAction;
import com.jcloisterzone.action.ScoreAcrobatsAction;
import com.jcloisterzone.action.SelectPrisonerToExchangeAction;
import com.jcloisterzone.action.TilePlacementAction;
import com.jcloisterzone.action.TowerPieceAction;
import com.jcloisterzone.action.TunnelAction;
import com.jcloisterzone.board.Location;
import com.jcloisterzone.board.PlacementOption;
import com.jcloisterzone.board.Position;
import com.jcloisterzone.board.pointer.FeaturePointer;
import com.jcloisterzone.board.pointer.MeeplePointer;
import com.jcloisterzone.feature.Tower;
import com.jcloisterzone.figure.Follower;
import com.jcloisterzone.figure.neutral.NeutralFigure;
import com.jcloisterzone.game.capability.BazaarCapability;
import com.jcloisterzone.game.capability.BazaarCapabilityModel;
import com.jcloisterzone.game.capability.BazaarItem;
import com.jcloisterzone.game.capability.BridgeCapability.BridgeToken;
import com.jcloisterzone.game.capability.CastleCapability.CastleToken;
import com.jcloisterzone.game.capability.FerriesCapability.FerryToken;
import com.jcloisterzone.game.capability.GoldminesCapability.GoldToken;
import com.jcloisterzone.game.capability.LittleBuildingsCapability.LittleBuilding;
import com.jcloisterzone.game.capability.TowerCapability.TowerToken;
import com.jcloisterzone.game.state.ActionsState;
import com.jcloisterzone.game.state.GameState;
import com.jcloisterzone.io.message.BazaarBidMessage;
import com.jcloisterzone.io.message.BazaarBuyOrSellMessage;
import com.jcloisterzone.io.message.BazaarBuyOrSellMessage.BuyOrSellOption;
import com.jcloisterzone.io.message.CaptureFollowerMessage;
import com.jcloisterzone.io.message.CommitMessage;
import com.jcloisterzone.io.message.CornCircleRemoveOrDeployMessage;
import com.jcloisterzone.io.message.CornCircleRemoveOrDeployMessage.CornCircleOption;
import com.jcloisterzone.io.message.DeployMeepleMessage;
import com.jcloisterzone.io.message.ExchangeFollowerChoiceMessage;
import com.jcloisterzone.io.message.FlockMessage;
import com.jcloisterzone.io.message.Message;
import com.jcloisterzone.io.message.MoveNeutralFigureMessage;
import com.jcloisterzone.io.message.PassMessage;
import com.jcloisterzone.io.message.PlaceTileMessage;
import com.jcloisterzone.io.message.PlaceTokenMessage;
import com.jcloisterzone.io.message.ReturnMeepleMessage;
import com.jcloisterzone.io.message.ScoreAcrobatsMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

final class RandomPlayer {

    /** How often an optional action (a figure, a token) is passed instead. */
    private static final double PASS_RATE = 0.4;

    private final Random rnd;

    RandomPlayer(Random rnd) {
        this.rnd = rnd;
    }

    /** A message for the actions of `state`; throws naming an action it cannot answer. */
    Message choose(GameState state) {
        ActionsState as = state.getPlayerActions();
        if (as == null) {
            throw new IllegalStateException("no player action and the game is not over");
        }
        List<PlayerAction<?>> known = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (PlayerAction<?> a : as.getActions()) {
            if (a instanceof TilePlacementAction && !a.isEmpty()) {
                return place(state, (TilePlacementAction) a);
            }
            if (a instanceof ConfirmAction) {
                return commit();
            }
            Message choice = choice(state, a); // actions whose options are a choice of two
            if (choice != null) {
                return choice;
            }
            if (a.isEmpty()) {
                continue;
            }
            if (canAnswer(a)) {
                known.add(a);
            } else {
                unknown.add(a.getClass().getSimpleName());
            }
        }
        if (as.isPassAllowed() && (known.isEmpty() || rnd.nextDouble() < PASS_RATE)) {
            return new PassMessage();
        }
        if (known.isEmpty()) {
            throw new IllegalStateException("the harness cannot answer " + unknown + " and no pass is allowed");
        }
        PlayerAction<?> a = known.get(rnd.nextInt(known.size()));
        return answer(a, pick(a));
    }

    private Message place(GameState state, TilePlacementAction a) {
        PlacementOption p = (PlacementOption) pick(a);
        return new PlaceTileMessage(state.getDrawnTile().getId(), p.getRotation(), p.getPosition());
    }

    private Message commit() {
        CommitMessage m = new CommitMessage();
        m.setRandom(rnd.nextDouble());
        return m;
    }

    /** The message for an action without options (a choice the client shows as buttons), or null. */
    private Message choice(GameState state, PlayerAction<?> a) {
        if (a instanceof FlockAction) { // expand the flock or score it
            FlockMessage m = new FlockMessage(rnd.nextBoolean() ? FlockMessage.FlockOption.EXPAND : FlockMessage.FlockOption.SCORE);
            m.setRandom(rnd.nextDouble());
            return m;
        }
        if (a instanceof CornCircleSelectDeployOrRemoveAction) {
            return new CornCircleRemoveOrDeployMessage(rnd.nextBoolean() ? CornCircleOption.DEPLOY : CornCircleOption.REMOVE);
        }
        if (a instanceof BazaarSelectBuyOrSellAction) {
            return new BazaarBuyOrSellMessage(rnd.nextBoolean() ? BuyOrSellOption.BUY : BuyOrSellOption.SELL);
        }
        if (a instanceof BazaarBidAction) { // raise the bid by one, or pass when allowed
            BazaarItem item = ((BazaarCapabilityModel) state.getCapabilityModel(BazaarCapability.class)).getAuctionedItem();
            boolean pass = state.getPlayerActions().isPassAllowed() && rnd.nextDouble() < 0.7;
            return pass ? new PassMessage() : new BazaarBidMessage(0, item.getCurrentPrice() + 1);
        }
        if (a instanceof BazaarSelectTileAction) { // a tile of the supply, opening at 0
            BazaarCapabilityModel model = state.getCapabilityModel(BazaarCapability.class);
            BazaarItem item = (BazaarItem) pick(a);
            return new BazaarBidMessage(model.getSupply().indexOf(item), 0);
        }
        return null;
    }

    private Object pick(PlayerAction<?> a) {
        List<Object> options = new ArrayList<>();
        a.getOptions().forEach(options::add);
        options.sort((x, y) -> x.toString().compareTo(y.toString())); // the same seed, the same game
        return options.get(rnd.nextInt(options.size()));
    }

    private static boolean canAnswer(PlayerAction<?> a) {
        return a instanceof MeepleAction || a instanceof TunnelAction || a instanceof TowerPieceAction
            || a instanceof BridgeAction || a instanceof CastleAction || a instanceof FerriesAction
            || a instanceof GoldPieceAction || a instanceof LittleBuildingAction || a instanceof MoveDragonAction
            || a instanceof NeutralFigureAction || a instanceof FairyOnTileAction || a instanceof FairyNextToAction
            || a instanceof ReturnMeepleAction || a instanceof CaptureFollowerAction || a instanceof ScoreAcrobatsAction
            || a instanceof SelectPrisonerToExchangeAction;
    }

    @SuppressWarnings("unchecked")
    private Message answer(PlayerAction<?> a, Object opt) {
        if (a instanceof MeepleAction) {
            FeaturePointer fp = (FeaturePointer) opt;
            return new DeployMeepleMessage(fp, ((MeepleAction) a).getMeepleIdFor(fp), rnd.nextDouble());
        }
        if (a instanceof TunnelAction) {
            return new PlaceTokenMessage(((TunnelAction) a).getToken(), (FeaturePointer) opt);
        }
        if (a instanceof TowerPieceAction) { // the client points at the tile's tower
            return new PlaceTokenMessage(TowerToken.TOWER_PIECE, new FeaturePointer((Position) opt, Tower.class, Location.I));
        }
        if (a instanceof BridgeAction) {
            return new PlaceTokenMessage(BridgeToken.BRIDGE, (FeaturePointer) opt);
        }
        if (a instanceof CastleAction) {
            return new PlaceTokenMessage(CastleToken.CASTLE, (FeaturePointer) opt);
        }
        if (a instanceof FerriesAction) {
            return new PlaceTokenMessage(FerryToken.FERRY, (FeaturePointer) opt);
        }
        if (a instanceof GoldPieceAction) {
            return new PlaceTokenMessage(GoldToken.GOLD, (Position) opt);
        }
        if (a instanceof LittleBuildingAction) {
            return new PlaceTokenMessage((LittleBuilding) opt, ((LittleBuildingAction) a).getPosition());
        }
        if (a instanceof MoveDragonAction) {
            return new MoveNeutralFigureMessage(((MoveDragonAction) a).getFigureId(), (Position) opt);
        }
        if (a instanceof NeutralFigureAction) {
            NeutralFigure<FeaturePointer> f = ((NeutralFigureAction) a).getFigure();
            return new MoveNeutralFigureMessage(f.getId(), (FeaturePointer) opt);
        }
        if (a instanceof FairyOnTileAction) {
            return new MoveNeutralFigureMessage(((FairyOnTileAction) a).getFigureId(), (Position) opt);
        }
        if (a instanceof FairyNextToAction) {
            return new MoveNeutralFigureMessage(((FairyNextToAction) a).getFigureId(), (MeeplePointer) opt);
        }
        if (a instanceof ReturnMeepleAction) {
            return new ReturnMeepleMessage((MeeplePointer) opt, ((ReturnMeepleAction) a).getSource());
        }
        if (a instanceof CaptureFollowerAction) {
            return new CaptureFollowerMessage((MeeplePointer) opt);
        }
        if (a instanceof SelectPrisonerToExchangeAction) {
            return new ExchangeFollowerChoiceMessage(((Follower) opt).getId());
        }
        return new ScoreAcrobatsMessage((FeaturePointer) opt);
    }
}
